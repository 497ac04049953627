import { databaseMayExist } from './database-exists'
import { DATABASES } from './names'
import { clearStoredSession } from './web-storage'

// What forgetting means on this device (docs/decisions/0310), in one place: after
// any sign-out, nothing of the session stays (user B never sees A's data,
// docs/decisions/0171); a deleted account leaves nothing at all
// (docs/decisions/0260). Other accounts' rows on a shared device stay, and so do
// kept videos at a plain sign-out unless the user chose Remove. The session calls
// these through what the app hands it (src/app/this-device.ts).
//
// The tables (Dexie) load when something is forgotten or looked for, not with the
// code that may ask (docs/decisions/0203).
const rows = () => import('./forget-rows')

/**
 * After any sign-out: the stored session (Web Storage but the device's settings) at once,
 * before this returns its promise; then every saved gallery page, a shared file nobody
 * took and the app badge's count, whoever they were left by. Never rejects: what cannot
 * be cleared now (the tables' code did not load) is no reason to keep anyone signed in.
 */
export async function forgetSignedOut(): Promise<void> {
  clearStoredSession()
  try {
    await (await rows()).clearSignedOutRows()
  } catch {
    // Offline with the code not cached: the next sign-out clears them.
  }
}

/** Everything this device keeps of `uid`: its jobs, kept videos with their bytes and posters, saved gallery pages, and a shared file waiting. */
export async function forgetUser(uid: string): Promise<void> {
  await (await rows()).deleteRowsOf(uid)
}

/** Every account this device holds rows of; none where the device database was never made (no library loads then). */
export async function accountsOnDevice(): Promise<string[]> {
  if (!(await databaseMayExist(DATABASES.device))) return []
  try {
    return await (await rows()).uidsOnDevice()
  } catch {
    return []
  }
}
