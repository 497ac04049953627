import { deletedAccountsResponseSchema } from '@contract/account'
import { deviceDb } from '@/db/device-db'
import { removeAllKeptVideos } from './kept-videos'
import { discardSharedFile } from './shared-file'

// A deleted account leaves nothing on this device (docs/decisions/0260): its
// unfinished jobs, kept videos and cached gallery pages go, on the device that
// deleted it at once and on any other the next time it reaches the server.
// Other accounts' data on a shared device stays.

/** Removes everything this device keeps for `uid` (IndexedDB rows, kept videos with their bytes, a shared file waiting). */
export async function forgetAccountOnDevice(uid: string): Promise<void> {
  await Promise.all([
    deviceDb.jobs.where('uid').equals(uid).delete(),
    removeAllKeptVideos(uid),
    deviceDb.galleryPages.where('uid').equals(uid).delete(),
    discardSharedFile(),
  ])
}

/** Every account this device holds data of. */
export async function accountsOnDevice(): Promise<string[]> {
  try {
    const keys = await Promise.all([
      deviceDb.jobs.orderBy('uid').uniqueKeys(),
      deviceDb.keptVideos.orderBy('uid').uniqueKeys(),
      deviceDb.galleryPages.orderBy('uid').uniqueKeys(),
    ])
    return [...new Set(keys.flat().map(String))]
  } catch {
    return []
  }
}

/** Which of these accounts the server says were deleted; none when it cannot be asked. */
export async function deletedAmong(uids: readonly string[]): Promise<string[]> {
  if (uids.length === 0) return []
  try {
    // No token: the question is about accounts whose tokens may be long dead. The server answers
    // at most 20 at a time: more than that on one device is not a real case.
    const response = await fetch('/api/account/v1/deleted', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ uids: uids.slice(0, 20) }),
    })
    if (!response.ok) return []
    return deletedAccountsResponseSchema.parse(await response.json()).deleted
  } catch {
    return []
  }
}
