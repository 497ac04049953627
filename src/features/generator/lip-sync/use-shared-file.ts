import { useEffect, useEffectEvent, useRef } from 'react'

/**
 * A file shared to the installed app lands on this step (decision 0172): once
 * the session is there (uploads need its token) it is taken, once, and handed
 * to the video or audio picker, whose spec §5/§9 checks apply as to any upload.
 */
export function useSharedFile(ready: boolean, onVideo: (file: File) => void, onAudio: (file: File) => void): void {
  const taken = useRef(false)
  const hand = useEffectEvent((file: File) => {
    if (file.type.startsWith('video/') || /\.(mp4|mov|m4v)$/i.test(file.name)) onVideo(file)
    else onAudio(file)
  })

  useEffect(() => {
    if (!ready || taken.current) return
    taken.current = true
    // Taking removes the share, so it is taken once and never dropped (StrictMode re-runs effects).
    // Its store (Dexie) loads here, not with the step.
    void import('@/device/shared-file')
      .then(({ takeSharedFile }) => takeSharedFile())
      .then((file) => {
        if (file !== null) hand(file)
      })
  }, [ready])
}
