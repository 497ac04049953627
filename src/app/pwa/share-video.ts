// Sharing a finished video to another app (docs/decisions/0172) with the Web Share API,
// as a file, where the browser can share files; elsewhere the share button is
// not shown at all (a link share would hand out a signed media link that
// works for anyone until it expires, docs/decisions/0221).

export type ShareOutcome = 'shared' | 'cancelled' | 'failed'

const VIDEO_TYPE = 'video/mp4'

/** Whether this browser can share a video file like this one (a probe file; no bytes needed). */
export function canShareVideoFile(filename: string, type = VIDEO_TYPE): boolean {
  if (typeof navigator === 'undefined' || typeof navigator.canShare !== 'function' || typeof navigator.share !== 'function') return false
  try {
    return navigator.canShare({ files: [new File([], filename, { type })] })
  } catch {
    return false
  }
}

async function videoBlob(videoUrl: string, uid: string | null): Promise<Blob | null> {
  // The device store (Dexie) loads with the first share, not with the screens that offer one.
  const kept = uid ? await (await import('@/device/kept-videos')).readKeptVideo(uid, videoUrl) : null
  if (kept !== null) return kept.blob
  try {
    const response = await fetch(videoUrl)
    return response.ok ? await response.blob() : null
  } catch {
    return null
  }
}

/** Shares the video as a file: the device's kept copy when there is one, else fetched. */
export async function shareVideo({
  videoUrl,
  filename,
  uid,
  title,
}: {
  videoUrl: string
  filename: string
  uid: string | null
  title: string
}): Promise<ShareOutcome> {
  const blob = await videoBlob(videoUrl, uid)
  if (blob === null) return 'failed'
  const file = new File([blob], filename, { type: blob.type || VIDEO_TYPE })
  try {
    await navigator.share({ files: [file], title })
    return 'shared'
  } catch (error) {
    // The person closed the share sheet: nothing went wrong.
    return error instanceof DOMException && error.name === 'AbortError' ? 'cancelled' : 'failed'
  }
}
