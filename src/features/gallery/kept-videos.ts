import { liveQuery } from 'dexie'
import { useEffect, useState } from 'react'
import { deviceDb } from '@/db/device-db'

// The gallery's one door to videos kept on this device (issue 6 §2). The
// device module (src/device) owns keeping, removing and serving them offline;
// until it lands this adapter keeps them in the same Dexie table it uses, so
// only this file changes when the switch happens.

const EMPTY: ReadonlySet<string> = new Set()

/** The URLs of the videos `uid` keeps on this device, live. */
export function useKeptVideoUrls(uid: string | null): ReadonlySet<string> {
  const [urls, setUrls] = useState<{ uid: string | null; urls: ReadonlySet<string> }>({ uid, urls: EMPTY })
  useEffect(() => {
    if (uid === null) return
    const subscription = liveQuery(() => deviceDb.keptVideos.where('uid').equals(uid).primaryKeys()).subscribe({
      next: (keys) => setUrls({ uid, urls: new Set(keys.map(([, videoUrl]) => videoUrl)) }),
      error: () => setUrls({ uid, urls: EMPTY }),
    })
    return () => subscription.unsubscribe()
  }, [uid])
  return urls.uid === uid ? urls.urls : EMPTY
}

export interface KeepRequest {
  url: string
  filename: string
  uid: string
  videoId: string
}

function saveFile(blob: Blob, filename: string): void {
  const href = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = href
  link.download = filename
  link.rel = 'noopener'
  document.body.append(link)
  link.click()
  link.remove()
  // The download has its own copy once started; the blob lives on in IndexedDB.
  setTimeout(() => URL.revokeObjectURL(href), 1000)
}

/** spec §2: fetches the video once, keeps it on the device and saves it as `filename`. */
export async function downloadAndKeep({ url, filename, uid, videoId }: KeepRequest): Promise<void> {
  const response = await fetch(url)
  if (!response.ok) throw new Error(`Download failed with ${response.status}`)
  const blob = await response.blob()
  const type = blob.type || 'video/mp4'
  await deviceDb.keptVideos.put({ uid, videoUrl: url, videoId, blob, type, size: blob.size, savedAt: Date.now() })
  saveFile(blob, filename)
}

/** Takes a kept video off this device. */
export async function removeKept(uid: string, url: string): Promise<void> {
  await deviceDb.keptVideos.delete([uid, url])
}
