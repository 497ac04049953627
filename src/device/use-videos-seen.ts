import { useEffect } from 'react'
import { databaseMayExist } from './database-exists'
import { DATABASES } from './names'

// Dexie loads after the screen, not with the app frame, and only where a count may
// be stored: a device that never counted an unseen video has nothing to show or clear
// (docs/decisions/0203).
async function unseenVideos() {
  if (!(await databaseMayExist(DATABASES.unseen))) return null
  return import('./unseen-videos')
}

// The app badge from the page's side (docs/decisions/0281): the count is shown
// again whenever the app comes into view, and cleared while a screen that
// shows the user's finished videos is in view.

function whenVisible(run: () => void): () => void {
  const onChange = () => {
    if (document.visibilityState === 'visible') run()
  }
  onChange()
  document.addEventListener('visibilitychange', onChange)
  return () => document.removeEventListener('visibilitychange', onChange)
}

/** Once for the app: the badge shows what the service worker counted while the app was closed or hidden. */
export function useAppBadge(): void {
  useEffect(
    () =>
      whenVisible(
        () =>
          void unseenVideos()
            .then((module) => module?.showStoredCount())
            .catch(() => undefined),
      ),
    [],
  )
}

/** While `showing` (the gallery, a finished video on screen) and the page is in view, the finished videos count as seen. */
export function useVideosSeen(showing: boolean): void {
  useEffect(() => {
    if (!showing) return
    return whenVisible(
      () =>
        void unseenVideos()
          .then((module) => module?.markVideosSeen())
          .catch(() => undefined),
    )
  }, [showing])
}
