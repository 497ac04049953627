// spec §2 output panel: Download saves the video as ugc-video.mp4. The video
// lives on another path (or origin) than the page, where `<a download>` on the
// address alone is ignored: fetch the bytes, then save them from an object URL.

/** spec §2: the name the output panel's Download saves under. */
export const DOWNLOAD_FILE_NAME = 'ugc-video.mp4'

export async function saveVideo(url: string, filename: string = DOWNLOAD_FILE_NAME): Promise<void> {
  const response = await fetch(url)
  if (!response.ok) throw new Error(`download failed: ${response.status}`)
  const blob = await response.blob()
  const objectUrl = URL.createObjectURL(blob)
  try {
    const link = document.createElement('a')
    link.href = objectUrl
    link.download = filename
    link.rel = 'noopener'
    document.body.append(link)
    link.click()
    link.remove()
  } finally {
    // The click has handed the bytes to the browser's download; give it a moment before letting go.
    setTimeout(() => URL.revokeObjectURL(objectUrl), 1000)
  }
}
