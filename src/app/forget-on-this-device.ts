import { accountsOnDevice, forgetSignedOut, forgetUser } from '@/device/forget'
import { stopPushOnSignOut } from './push/push-opt-in'

// What this device forgets, composed (./this-device.ts loads it when something is
// forgotten): the device store's part (src/device/forget.ts) and this device's push
// subscription (docs/decisions/0280).

export async function forgetSignedOutHere(): Promise<void> {
  await Promise.allSettled([forgetSignedOut(), stopPushOnSignOut()])
}

export { accountsOnDevice, forgetUser }
