import { onSignedOut } from '@/session/stored-session'

// A device that signs out stops being notified about the account's videos
// (docs/decisions/0280): the server forgets this device's subscription (no
// token needed, so a refused token's sign-out does it too), and the badge's
// count of the account's unseen videos goes with it. What that takes (the
// badge's database, the API client) loads at sign-out, not with the top bar
// that registers this (docs/decisions/0203).

let registered = false

/** Registers once, however often it is called (module load, tests). */
export function forgetPushOnSignOut(): void {
  if (registered) return
  registered = true
  onSignedOut(async () => {
    const [{ unsubscribeThisDevice }, { markVideosSeen }, { recheckPushOptIn }] = await Promise.all([
      import('./push-device'),
      import('@/device/unseen-videos'),
      import('./push-opt-in'),
    ])
    await Promise.allSettled([unsubscribeThisDevice(), markVideosSeen()])
    recheckPushOptIn()
  })
}
