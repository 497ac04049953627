// A kept video's bytes as ArrayBuffer chunks (docs/decisions/0241): WebKit
// refuses to store a Blob in IndexedDB in a private or automated session, while
// ArrayBuffers work in every engine. Fixed-size chunks let the service worker
// answer a byte range by reading only the chunks it covers, never the whole file.
// Pure helpers, shared by the app (writing) and the worker (reading).

/** 1 MiB: a seek reads at most two chunks more than it needs; a 20 MB video is 20 rows. */
export const KEPT_VIDEO_CHUNK_BYTES = 1024 * 1024

/** The bytes cut into chunks of `chunkSize` (the last one may be shorter); none for an empty file. */
export function splitIntoChunks(bytes: ArrayBuffer, chunkSize = KEPT_VIDEO_CHUNK_BYTES): ArrayBuffer[] {
  const chunks: ArrayBuffer[] = []
  for (let start = 0; start < bytes.byteLength; start += chunkSize) chunks.push(bytes.slice(start, start + chunkSize))
  return chunks
}

/** Which chunks hold byte `start` to byte `end` (inclusive). */
export function planChunks(start: number, end: number, chunkSize: number): { firstIndex: number; lastIndex: number } {
  return { firstIndex: Math.floor(start / chunkSize), lastIndex: Math.floor(end / chunkSize) }
}

/** Reads one chunk of a kept video; undefined when it is missing. */
export type ChunkReader = (index: number) => Promise<ArrayBuffer | undefined>

/**
 * Bytes `start`..`end` (inclusive) of a chunked video as a stream that reads one
 * chunk at a time, when the consumer (a <video>) asks for more. A missing chunk
 * errors the stream: the player sees a network error rather than wrong bytes.
 */
export function streamChunks(read: ChunkReader, start: number, end: number, chunkSize: number): ReadableStream<Uint8Array> {
  const { firstIndex, lastIndex } = planChunks(start, end, chunkSize)
  let index = firstIndex
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const bytes = await read(index)
      if (bytes === undefined) {
        controller.error(new Error(`kept video chunk ${index} is missing`))
        return
      }
      const chunkStart = index * chunkSize
      const from = Math.max(start - chunkStart, 0)
      const to = Math.min(end - chunkStart + 1, bytes.byteLength)
      controller.enqueue(new Uint8Array(bytes, from, Math.max(to - from, 0)))
      index += 1
      if (index > lastIndex) controller.close()
    },
  })
}
