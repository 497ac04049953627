import { liveQuery } from 'dexie'
import { deviceDb } from './device-db'
import { migrateKeptVideos } from './kept-video-migration'
import { KeptVideoUrls, type KeptVideosOnDevice, mediaIdentity, NOTHING_KEPT } from './media-identity'

let migration: Promise<number> | null = null

/** Calls `onChange` with what `uid` keeps, now and after every change; returns a function that stops. */
export function watchKeptVideos(uid: string, onChange: (kept: KeptVideosOnDevice) => void): () => void {
  // Once per page load, where kept videos are shown: older rows become chunks (both forms play meanwhile).
  migration ??= migrateKeptVideos().catch(() => 0)
  const subscription = liveQuery(() => deviceDb.keptVideos.where('uid').equals(uid).toArray()).subscribe({
    next: (rows) => onChange({ urls: new KeptVideoUrls(rows.map((row) => mediaIdentity(row.videoUrl))), bytes: rows.reduce((sum, row) => sum + row.size, 0) }),
    error: () => onChange(NOTHING_KEPT),
  })
  return () => subscription.unsubscribe()
}
