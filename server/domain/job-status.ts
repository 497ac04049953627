import type { CaptionFiles } from '../../contract/captions.ts'
import type { StatusResponse } from '../../contract/generations.ts'
import type { JobRow } from '../db/schema-generations.ts'

// How a job row reads to the app while it runs and when it ends: the status
// answer of spec §3, which the status call answers and every job event
// carries (job-events.ts).

/** A captioned video's caption files (`/media/<key>` references), or null. */
export function captionFilesOf(row: JobRow): CaptionFiles | null {
  return row.captions_vtt_url === null || row.captions_srt_url === null ? null : { vtt: row.captions_vtt_url, srt: row.captions_srt_url }
}

export function toStatusResponse(row: JobRow): StatusResponse {
  const answer: StatusResponse = {
    status: row.status,
    outputUrl: row.output_url,
    progress: { currentprogress: row.progress_current, totalprogress: row.progress_total },
    thumbnailUrl: row.thumbnail_url,
  }
  if (row.error !== null) answer.error = row.error
  const captions = captionFilesOf(row)
  if (captions !== null) answer.captions = captions
  return answer
}
