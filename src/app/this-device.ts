import { clearStoredSession } from '@/device/web-storage'
import type { DeviceForgetting } from '@/session/device-forgetting'

// What forgetting takes loads when something is forgotten or looked for, not with the page
// (the landing hands this over too): the device store's tables, and the push client only at
// a sign-out (docs/decisions/0203).
const device = () => import('@/device/forget')
const push = () => import('./push/push-opt-in')

/**
 * What this device forgets, as the session asks (docs/decisions/0310): at every sign-out
 * the device store's session data (src/device/forget.ts) and this device's push
 * subscription (docs/decisions/0280); for a deleted account, everything of it. The app
 * root and the landing hand it to the session; nothing registers itself on import.
 */
export const thisDevice: DeviceForgetting = {
  async forgetSignedOut() {
    // The stored session goes at once, as the session relies on; the rest when its code is here.
    clearStoredSession()
    await Promise.allSettled([device().then((store) => store.forgetSignedOut()), push().then((notify) => notify.stopPushOnSignOut())])
  },
  forgetUser: async (uid) => (await device()).forgetUser(uid),
  accountsOnDevice: async () => (await device()).accountsOnDevice(),
}
