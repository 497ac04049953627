import { onSignedOut } from '@/session/stored-session'

// After a sign-out nobody is signed in on this device, so no cached gallery page
// is anyone's to show (user B never sees A's data). They are all
// forgotten, A's and any left by an earlier session that ended without a
// sign-out; the next sign-in fetches its own again (docs/decisions/0171). Kept
// videos stay unless the user chose Remove (account actions); pending jobs
// belong to the job board (src/jobs), which forgets them itself.

export async function forgetSignedOutUser(): Promise<void> {
  // Loaded at sign-out, not with the top bar that registers this (docs/decisions/0203).
  const [{ deviceDb }, { discardSharedFile }] = await Promise.all([import('@/db/device-db'), import('./shared-file')])
  await Promise.allSettled([deviceDb.galleryPages.clear(), discardSharedFile()])
}

let registered = false

/** Registers the cleanup once, however often it is called (module load, tests). */
export function forgetSignedOutUserOnSignOut(): void {
  if (registered) return
  registered = true
  onSignedOut(forgetSignedOutUser)
}
