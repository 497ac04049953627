import type { Generated, Selectable } from 'kysely'

// Tables of the generation domain (owned by server/domain/generations.ts).
// A job is "active" while queued or running; a partial unique index allows one
// active job per user (architecture: one generation at a time, enforced by the DB).
// A voice made from a script (kind 'voice', docs/decisions/0232) is a job too,
// with its own one-at-a-time rule: it never blocks a video, nor a video it.
export type GenerationKind = 'ugc' | 'lipsync' | 'consistent' | 'voice'
/** The kinds that make a video (the one-generation-at-a-time rule and the galleries). */
export const VIDEO_GENERATION_KINDS = ['ugc', 'lipsync', 'consistent'] as const satisfies readonly GenerationKind[]
export type GenerationStatus = 'queued' | 'running' | 'completed' | 'failed'
export const ACTIVE_GENERATION_STATUSES = ['queued', 'running'] as const satisfies readonly GenerationStatus[]

export interface GenerationsTable {
  id: string
  user_id: string
  kind: GenerationKind
  status: GenerationStatus
  /** Which provider runs it ('local' or 'fal') and its request id, stored before the start call answers. */
  provider: string
  provider_request_id: string | null
  /** The request body as JSON text (prompt, seed, urls, model, ...). */
  params: string
  prompt: string
  cost_hundredths: number
  output_url: string | null
  /** The poster frame the worker took of the finished video, `/media/<key>.jpg` (docs/decisions/0163); null until then. */
  thumbnail_url: string | null
  error: string | null
  progress_current: number
  progress_total: number
  created_at: Generated<string>
  updated_at: string
  /** The worker process working the job and until when (ISO time); null when nobody holds it (decision 0210). */
  lease_owner: Generated<string | null>
  lease_expires_at: Generated<string | null>
  /** How often a worker has claimed the job: a job that keeps killing its worker ends failed. */
  claims: Generated<number>
  /** The video URL fal's signed webhook delivered; the worker holding the job copies it home. */
  provider_result_url: Generated<string | null>
  /** A captioned video's caption files beside it (`/media/<key>` references), set when it completes. */
  captions_vtt_url: Generated<string | null>
  captions_srt_url: Generated<string | null>
  /** The finished video's length as measured when its poster was taken; null before (docs/decisions/0163). */
  output_duration_ms: Generated<number | null>
  /** When taking the poster last failed; the backfill leaves such a row alone (docs/decisions/0163). */
  poster_failed_at: Generated<string | null>
}

/** A job as read from the database: every part of the server that handles jobs passes this row. */
export type JobRow = Selectable<GenerationsTable>

/**
 * A stored audio's length and timed words (docs/decisions/0234): a voice's
 * from its synthesizer, an upload's once a speech-to-text model heard it.
 * Captions are made from them; they go with the audio's owner.
 */
export interface SpeechWordsTable {
  /** The audio's media store key. */
  audio_key: string
  user_id: string
  /** The audio's length in seconds, as stored. */
  audio_seconds: number
  language: string
  /** 'synthesizer' or 'speech_to_text' (contract/captions.ts CAPTION_TIMINGS); null while the words are not known yet. */
  timing: string | null
  /** JSON: [{ text, start, end }] in seconds; [] while not known. */
  words: string
  created_at: Generated<string>
}

/** One change of a job as the user's event stream sends it (decision 0212). Append-only; old rows are pruned. */
export interface JobEventsTable {
  /** Ascending in commit order for any one user: the stream's event id (Last-Event-ID). */
  id: Generated<number>
  user_id: string
  job_id: string
  /** JSON: { requestId, kind, status } (contract/job-events.ts). */
  body: string
  created_at: Generated<string>
}

export interface GenerationTables {
  generations: GenerationsTable
  job_events: JobEventsTable
  speech_words: SpeechWordsTable
}
