import type { KeepResult } from './kept-videos'

// The device store (Dexie) loads with the first download, not with the screens that offer one.
const keptVideos = () => import('./kept-videos')

// spec §2 "Download": the video is fetched once and the same bytes are both
// saved as a file and kept on this device (docs/decisions/0170), so the gallery plays it
// offline afterwards. A video already kept is saved from the device, offline too.

export interface DownloadRequest {
  url: string
  /** The saved file's name, e.g. `video-{id}.mp4` (spec §2). */
  filename: string
  /** The signed-in user's uid; without one the file is saved but not kept. */
  uid?: string | null
  videoId: string
  /** The video's poster frame, kept with it (docs/decisions/0165). */
  posterUrl?: string | null
  /** A captioned video's .vtt and .srt links, kept with it. */
  captionUrls?: readonly string[]
}

export type DownloadResult =
  /** The file was saved; `kept` says whether it is (now) kept on the device, null when no uid was given. */
  | { ok: true; kept: KeepResult | null }
  /** The video could not be fetched: nothing was saved. */
  | { ok: false; reason: 'network' }

async function fetchBlob(url: string): Promise<Blob | null> {
  try {
    const response = await fetch(url)
    return response.ok ? await response.blob() : null
  } catch {
    return null
  }
}

/** Hands the bytes to the browser's download through an object URL and `<a download>`. */
export function saveFile(blob: Blob, filename: string): void {
  const href = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = href
  link.download = filename
  link.rel = 'noopener'
  link.hidden = true
  document.body.append(link)
  link.click()
  link.remove()
  // The download has its own copy once started; revoking at once can cancel it in Safari.
  setTimeout(() => URL.revokeObjectURL(href), 60_000)
}

export async function downloadVideo({ url, filename, uid, videoId, posterUrl, captionUrls = [] }: DownloadRequest): Promise<DownloadResult> {
  const alreadyKept = uid ? await (await keptVideos()).readKeptVideo(uid, url) : null
  const blob = alreadyKept?.blob ?? (await fetchBlob(url))
  if (blob === null) return { ok: false, reason: 'network' }
  saveFile(blob, filename)
  if (!uid) return { ok: true, kept: null }
  if (alreadyKept !== null) {
    // Kept before (by the generator, or before posters existed): its poster and caption files join it now.
    if (posterUrl || captionUrls.length > 0) void import('./kept-posters').then(({ keepPoster }) => keepPoster(uid, url, posterUrl, captionUrls))
    return { ok: true, kept: { ok: true, size: alreadyKept.size } }
  }
  return { ok: true, kept: await (await keptVideos()).keepVideo({ uid, videoUrl: url, videoId, blob, posterUrl, captionUrls }) }
}
