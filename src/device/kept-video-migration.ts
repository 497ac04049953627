import { deviceDb } from './device-db'
import { KEPT_VIDEO_CHUNK_BYTES } from './kept-video-chunks'
import { storeKeptVideo } from './kept-videos'

// Videos kept before decision 0241 hold their bytes as one Blob; where kept videos
// are shown (kept-videos-live.ts) they become chunks, once per page load. Both
// forms play meanwhile (sw/kept-video.ts).

/**
 * Converts videos kept as one Blob (before decision 0241) to chunks, one at a
 * time, each in its own transaction. A Blob that can no longer be read (its file
 * is gone) takes its row with it: the card stops saying "Available offline"
 * rather than promise what cannot play. Returns how many were converted.
 */
export async function migrateKeptVideos(): Promise<number> {
  let converted = 0
  const legacy = await deviceDb.keptVideos.filter((row) => row.blob !== undefined).primaryKeys()
  for (const key of legacy) {
    const row = await deviceDb.keptVideos.get(key)
    if (row?.blob === undefined) continue
    let bytes: ArrayBuffer
    try {
      bytes = await row.blob.arrayBuffer()
    } catch {
      await deviceDb.keptVideos.delete(key)
      continue
    }
    const { blob: _bytesNowInChunks, ...info } = row
    await storeKeptVideo(
      { ...info, size: bytes.byteLength, chunkSize: KEPT_VIDEO_CHUNK_BYTES, chunkCount: Math.ceil(bytes.byteLength / KEPT_VIDEO_CHUNK_BYTES) },
      bytes,
    )
    converted += 1
  }
  return converted
}
