import { deviceDb } from './device-db'
import { removeAllKeptVideos } from './kept-videos'
import { discardSharedFile } from './shared-file'
import { markVideosSeen } from './unseen-videos'

// The tables' side of forgetting (forget.ts), with Dexie: loaded only when something is forgotten or looked for.

/** Every saved gallery page, a shared file nobody took and the app badge's count, whoever left them. */
export async function clearSignedOutRows(): Promise<void> {
  await Promise.allSettled([deviceDb.galleryPages.clear(), discardSharedFile(), markVideosSeen()])
}

/** Every row of `uid`: its jobs, kept videos with their bytes and posters, saved gallery pages; and a shared file waiting. */
export async function deleteRowsOf(uid: string): Promise<void> {
  await Promise.all([
    deviceDb.jobs.where('uid').equals(uid).delete(),
    removeAllKeptVideos(uid),
    deviceDb.galleryPages.where('uid').equals(uid).delete(),
    discardSharedFile(),
  ])
}

/** The owners of the device database's rows. */
export async function uidsOnDevice(): Promise<string[]> {
  const keys = await Promise.all([
    deviceDb.jobs.orderBy('uid').uniqueKeys(),
    deviceDb.keptVideos.orderBy('uid').uniqueKeys(),
    deviceDb.galleryPages.orderBy('uid').uniqueKeys(),
  ])
  return [...new Set(keys.flat().map(String))]
}
