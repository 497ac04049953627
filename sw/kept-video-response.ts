import type { KeptVideo } from '@/db/device-db'
import { answerRange } from './byte-range'

/** The answer to a request for a kept video: the whole blob or the asked range of it, sliced without copying. */
export function keptVideoResponse(video: Pick<KeptVideo, 'blob' | 'type' | 'size'>, rangeHeader: string | null): Response {
  const { status, headers, span } = answerRange(rangeHeader, video.size, video.type)
  const body = span === null ? null : video.blob.slice(span.start, span.end + 1, video.type)
  return new Response(body, { status, headers })
}
