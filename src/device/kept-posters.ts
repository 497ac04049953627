import { deviceDb, type KeptPoster } from './device-db'
import { mediaIdentity } from './media-identity'

// Poster frames kept with their videos (docs/decisions/0165): when a video is
// kept on this device, its poster is fetched too and stored beside it, so the
// gallery's tile shows the picture offline (the service worker answers the
// poster's links from here, sw/kept-video.ts). A poster is a nicety: one that
// cannot be fetched or stored never fails keeping the video, and the tile then
// shows the kept video's own first frame. A captioned video's .vtt and .srt are kept
// the same way, as further rows of the video (docs/decisions/0153).

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

/** A caption file larger than this is not one of ours: not kept. */
const MAX_CAPTION_BYTES = 512 * 1024

/**
 * A captioned video's .vtt or .srt, kept beside it in the same table as its poster (one
 * row per file the service worker answers by its link), or null when it cannot be fetched.
 */
export async function fetchCaptionFile(url: string): Promise<{ url: string; type: string; bytes: ArrayBuffer } | null> {
  try {
    const response = await fetch(url)
    if (!response.ok) return null
    const bytes = await response.arrayBuffer()
    const type = response.headers.get('content-type') ?? ''
    const text = type.startsWith('text/vtt') || type.startsWith('application/x-subrip')
    return text && bytes.byteLength <= MAX_CAPTION_BYTES ? { url, type, bytes } : null
  } catch {
    return null
  }
}

/** The caption files of a video as rows kept with it: the ones that could be fetched. */
export async function captionRows(uid: string, videoUrl: string, captionUrls: readonly string[]): Promise<KeptPoster[]> {
  const files = await Promise.all(captionUrls.map(fetchCaptionFile))
  return files.filter((file) => file !== null).map((file) => posterRow(uid, videoUrl, file.url, file))
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

/** Keeps the poster and caption files of a video that is already kept (kept before they were). Never throws. */
export async function keepPoster(uid: string, videoUrl: string, posterUrl: string | null | undefined, captionUrls: readonly string[] = []): Promise<boolean> {
  const [poster, captions] = await Promise.all([fetchPoster(posterUrl), captionRows(uid, videoUrl, captionUrls)])
  const rows = poster === null || !posterUrl ? captions : [posterRow(uid, videoUrl, posterUrl, poster), ...captions]
  if (rows.length === 0) return false
  try {
    await deviceDb.keptPosters.bulkPut(rows)
    return true
  } catch {
    return false
  }
}
