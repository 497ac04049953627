import { unseenVideos } from './device-db'

// The app badge (docs/decisions/0281): how many finished videos the user has
// not seen yet on this device. The service worker adds a video when its push
// message arrives while no window shows the app; the page adds one that ends
// while it is hidden; seeing the gallery or the finished video clears them.
// A database of its own, like the share handoff (docs/decisions/0172): the
// service worker and the page share it, and it needs no version of deviceDb.

/** Shows the count on the installed app's icon (Badging API, where supported); 0 clears it. */
export async function showUnseenCount(count: number): Promise<void> {
  const badging = globalThis.navigator
  if (!('setAppBadge' in badging) || !('clearAppBadge' in badging)) return
  // Refused where the app is not installed or badges are off: the count waits in the database.
  await (count > 0 ? badging.setAppBadge(count) : badging.clearAppBadge()).catch(() => undefined)
}

/** Shows the stored count again (the app opened, or came back into view after the service worker counted a video). */
export async function showStoredCount(): Promise<number> {
  const count = await unseenVideos.count()
  await showUnseenCount(count)
  return count
}

/** A finished video nobody has seen yet (idempotent per job: a push and the page may both report it). Answers the new count. */
export async function addUnseenVideo(requestId: string): Promise<number> {
  await unseenVideos.put({ requestId, finishedAt: Date.now() })
  return showStoredCount()
}

/** The user saw their finished videos (the gallery, or the generator showing the result), or signed out. */
export async function markVideosSeen(): Promise<void> {
  await unseenVideos.clear()
  await showUnseenCount(0)
}

export function unseenVideoCount(): Promise<number> {
  return unseenVideos.count()
}
