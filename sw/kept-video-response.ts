import { type ChunkReader, streamChunks } from '@/device/kept-video-chunks'
import { answerRange } from './byte-range'

/** A kept video's bytes as the worker reads them: chunks (decision 0241), or a Blob kept before them. */
export type KeptBytes = { type: string; size: number } & ({ blob: Blob } | { chunkSize: number; readChunk: ChunkReader })

/**
 * The answer to a request for a kept video: the whole file or the asked range
 * of it. A Blob is sliced without copying; chunks are streamed one at a time,
 * so a seek reads only the chunks it covers.
 */
export function keptVideoResponse(video: KeptBytes, rangeHeader: string | null): Response {
  const { status, headers, span } = answerRange(rangeHeader, video.size, video.type)
  if (span === null) return new Response(null, { status, headers })
  const body = 'blob' in video ? video.blob.slice(span.start, span.end + 1, video.type) : streamChunks(video.readChunk, span.start, span.end, video.chunkSize)
  return new Response(body, { status, headers })
}
