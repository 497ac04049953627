import { deviceDb, type KeptPoster } from './device-db'
import { mediaIdentity } from './media-identity'

// Poster frames kept with their videos (docs/decisions/0165): when a video is
// kept on this device, its poster is fetched too and stored beside it, so the
// gallery's tile shows the picture offline (the service worker answers the
// poster's links from here, sw/kept-video.ts). A poster is a nicety: one that
// cannot be fetched or stored never fails keeping the video, and the tile then
// shows the kept video's own first frame.

/** A poster larger than this is not a poster of ours: not kept. */
const MAX_POSTER_BYTES = 2 * 1024 * 1024

/** The poster's bytes, or null when there is none or it cannot be fetched. */
export async function fetchPoster(posterUrl: string | null | undefined): Promise<{ type: string; bytes: ArrayBuffer } | null> {
  if (!posterUrl) return null
  try {
    const response = await fetch(posterUrl)
    if (!response.ok) return null
    const bytes = await response.arrayBuffer()
    const type = response.headers.get('content-type') ?? ''
    return type.startsWith('image/') && bytes.byteLength <= MAX_POSTER_BYTES ? { type, bytes } : null
  } catch {
    return null
  }
}

/** The row that keeps `poster` for the video `videoUrl` of `uid`. */
export function posterRow(uid: string, videoUrl: string, posterUrl: string, poster: { type: string; bytes: ArrayBuffer }): KeptPoster {
  return { uid, posterUrl: mediaIdentity(posterUrl), videoUrl: mediaIdentity(videoUrl), type: poster.type, bytes: poster.bytes }
}

/** The posters of one kept video of `uid`, or of all of them when `videoUrl` is left out. */
export function postersOf(uid: string, videoUrl?: string) {
  return videoUrl === undefined
    ? deviceDb.keptPosters.where('uid').equals(uid)
    : deviceDb.keptPosters.where('[uid+videoUrl]').equals([uid, mediaIdentity(videoUrl)])
}

/** Keeps the poster of a video that is already kept (kept before posters were). Never throws. */
export async function keepPoster(uid: string, videoUrl: string, posterUrl: string | null | undefined): Promise<boolean> {
  const poster = await fetchPoster(posterUrl)
  if (poster === null || !posterUrl) return false
  try {
    await deviceDb.keptPosters.put(posterRow(uid, videoUrl, posterUrl, poster))
    return true
  } catch {
    return false
  }
}
