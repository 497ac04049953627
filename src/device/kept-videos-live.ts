import { liveQuery } from 'dexie'
import { deviceDb } from '@/db/device-db'
import { NOTHING_KEPT, type KeptVideosOnDevice } from './use-kept-videos'

/** Calls `onChange` with what `uid` keeps, now and after every change; returns a function that stops. */
export function watchKeptVideos(uid: string, onChange: (kept: KeptVideosOnDevice) => void): () => void {
  const subscription = liveQuery(() => deviceDb.keptVideos.where('uid').equals(uid).toArray()).subscribe({
    next: (rows) => onChange({ urls: new Set(rows.map((row) => row.videoUrl)), bytes: rows.reduce((sum, row) => sum + row.size, 0) }),
    error: () => onChange(NOTHING_KEPT),
  })
  return () => subscription.unsubscribe()
}
