import { clearStoredSession } from '@/device/web-storage'
import type { DeviceForgetting } from '@/session/device-forgetting'

// What forgetting takes (the device store's tables, the push client) loads when something is
// forgotten or looked for, not with the page: the landing hands this over too (docs/decisions/0203).
const forgetting = () => import('./forget-on-this-device')

/**
 * What this device forgets, as the session asks (docs/decisions/0310): at every sign-out
 * the device store's session data (src/device/forget.ts) and this device's push
 * subscription (docs/decisions/0280); for a deleted account, everything of it. The app
 * root and the landing hand it to the session; nothing registers itself on import.
 */
export const thisDevice: DeviceForgetting = {
  forgetSignedOut() {
    // The stored session goes at once, as the session relies on; the rest when its code is here.
    clearStoredSession()
    return forgetting().then(
      (device) => device.forgetSignedOutHere(),
      () => undefined,
    )
  },
  forgetUser: async (uid) => (await forgetting()).forgetUser(uid),
  accountsOnDevice: async () => (await forgetting()).accountsOnDevice(),
}
