import { useEffect, useState } from 'react'
import { type KeptVideosOnDevice, NOTHING_KEPT } from './media-identity'

// What a user keeps on this device, live. The Dexie query loads with the first
// signed-in user who asks (kept-videos-live.ts), so the top bar of a signed-out
// visit carries no IndexedDB library (docs/decisions/0203).

/** What `uid` keeps on this device, live (a Dexie liveQuery); nothing while signed out. */
export function useKeptVideos(uid: string | null): KeptVideosOnDevice {
  const [kept, setKept] = useState<{ uid: string | null; kept: KeptVideosOnDevice }>({ uid, kept: NOTHING_KEPT })
  useEffect(() => {
    if (uid === null) return
    let stop = (): void => {}
    let active = true
    import('./kept-videos-live').then(
      ({ watchKeptVideos }) => {
        if (active) stop = watchKeptVideos(uid, (next) => setKept({ uid, kept: next }))
      },
      () => active && setKept({ uid, kept: NOTHING_KEPT }),
    )
    return () => {
      active = false
      stop()
    }
  }, [uid])
  return kept.uid === uid ? kept.kept : NOTHING_KEPT
}
