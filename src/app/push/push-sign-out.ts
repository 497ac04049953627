import { markVideosSeen } from '@/device/unseen-videos'
import { onSignedOut } from '@/session/stored-session'
import { unsubscribeThisDevice } from './push-device'
import { recheckPushOptIn } from './push-opt-in'

// A device that signs out stops being notified about the account's videos
// (docs/decisions/0280): the server forgets this device's subscription (no
// token needed, so a refused token's sign-out does it too), and the badge's
// count of the account's unseen videos goes with it.

let registered = false

/** Registers once, however often it is called (module load, tests). */
export function forgetPushOnSignOut(): void {
  if (registered) return
  registered = true
  onSignedOut(async () => {
    await Promise.allSettled([unsubscribeThisDevice(), markVideosSeen()])
    recheckPushOptIn()
  })
}
