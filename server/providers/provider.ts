import type { CaptionCue, CaptionStyle, CaptionTiming, CaptionWord } from '../../contract/captions.ts'
import type { LipSyncModel, SpeechLanguage } from '../../contract/constants.ts'
import type { Locale } from '../../contract/locale.ts'
import type { VoiceId } from '../../contract/voice.ts'

// One interface for every video generator (docs/architecture.md: embedded defaults and
// production twins): the local ffmpeg stand-in and fal.ai's queue. The job
// domain (server/domain/generations-jobs.ts) owns the job row, money and
// progress; a provider only runs work and reports on it.

/** Captions to burn into a lip-sync video (contract/captions.ts), as the user corrected them. */
export interface CaptionsInput {
  style: CaptionStyle
  cues: CaptionCue[]
  timing: CaptionTiming
}

/** The language of the words a local preview burns into its frames (docs/decisions/0147); English when absent. */
interface BurnedTextLanguage {
  locale?: Locale
}

/** What to make, in the provider's words; stored as the job's params (JSON). */
export type GenerationInput =
  | ({ kind: 'ugc'; prompt: string; seed: number; durationSeconds: number; enhanced: boolean } & BurnedTextLanguage)
  | ({ kind: 'lipsync'; videoUrl: string; audioUrl: string; audioSeconds: number; model: LipSyncModel; captions?: CaptionsInput } & BurnedTextLanguage)
  | ({ kind: 'consistent'; prompt: string; imageUrl: string; durationSeconds: number } & BurnedTextLanguage)
  /** A voice from a typed script (docs/decisions/0232): its result is an audio, stored as an upload. */
  | { kind: 'voice'; text: string; language: SpeechLanguage; voice: VoiceId }

export interface ProviderJob {
  /** Our job id (generations.id). */
  jobId: string
  input: GenerationInput
}

/** A started job as the provider knows it: its own request id plus what it needs to find the work again. */
export interface ProviderJobRef extends ProviderJob {
  requestId: string
}

export type ProviderState = 'queued' | 'running' | 'completed' | 'failed'

export interface Progress {
  current: number
  /** 0 while nothing is known yet (the app shows "hang tight", spec §4). */
  total: number
}

export interface ProviderStatus {
  state: ProviderState
  progress: Progress
  /** Set when completed: a reference to our own media store (`/media/<key>`), never the provider's URL. */
  outputUrl?: string
  /** Set when failed: a short reason for logs and the job row. */
  error?: string
  /** Set when a captioned video completed: its caption files (`/media/<key>` references). */
  captions?: { vttUrl: string; srtUrl: string }
}

/** What the provider's video really is, as the gallery records it (spec §3 generation record). */
export interface OutputFormat {
  aspect_ratio: string
  resolution: string
}

/**
 * What a worker gives a provider while it works a job under its lease
 * (server/jobs/job-work.ts, docs/decisions/0210).
 */
export interface WorkContext {
  /** Aborted when the lease is lost, the job ended elsewhere, its deadline passed or the worker stops. */
  signal: AbortSignal
  /** Records where the job stands (queued/running and progress) for the status calls and the event stream. */
  report(status: ProviderStatus): void
  /** Waits up to `ms`, less when the job's row changes (fal's webhook delivered the result). */
  pause(ms: number): Promise<void>
  /** The video URL fal's signed webhook delivered for this job, if any. */
  deliveredResultUrl(): Promise<string | null>
}

export interface GenerationProvider {
  readonly name: 'local' | 'fal'
  /** The format this provider really renders the input in; null when the request's own settings stand. */
  outputFormat(input: GenerationInput): OutputFormat | null
  /**
   * Why this provider cannot make the input as asked (e.g. a duration its model
   * does not offer), or null. Asked before any charge: a refusal changes nothing.
   */
  refusal(input: GenerationInput): string | null
  /**
   * In the API instance: hands the job to the provider and answers its
   * request id once the provider has accepted it (fal: submitted to its
   * queue; local: nothing to hand over, a worker renders it). Throws when it
   * is refused (the job is then refunded).
   */
  start(job: ProviderJob): Promise<string>
  /**
   * In a worker, under the job's lease: works the job to its end and answers
   * `completed` (with our own media URL) or `failed`. Throws when the context
   * aborts it, or for a passing problem the job may be tried again after.
   */
  work(job: ProviderJobRef, context: WorkContext): Promise<ProviderStatus>
  /** Releases what the provider holds (worker or server shutdown). */
  close(): Promise<void>
}

/** The media store (server/media/store.ts) seen through what providers need (server/providers/media-output.ts). */
export interface OutputStore {
  /** Moves a finished MP4 into the store as the job's user's; answers its reference (`/media/<key>`). */
  saveVideo(file: string, job: { jobId: string }): Promise<string>
  /** Moves a voice's audio into the store as the job's user's upload, with its length and timed words; answers its reference. */
  saveVoice(file: string, ext: 'wav' | 'mp3', job: { jobId: string }, speech: SpeechFacts): Promise<string>
  /** Moves a caption file of a captioned video into the store as the job's user's; answers its reference. */
  saveCaptionFile(file: string, ext: 'vtt' | 'srt', job: { jobId: string }): Promise<string>
  /** A local copy of one of our own media references, or null for any other URL. */
  localFileFor(url: string, signal?: AbortSignal): Promise<{ file: string; release(): Promise<void> } | null>
  /** A URL an outside service can fetch: our references become signed links that outlive any job; other URLs pass. */
  fetchableUrl(url: string): string
  /** A folder for files on their way into the store (server/media/store.ts MediaStore.tempDir). */
  readonly tempDir: string
}

/** A voice's length and, when its maker reports them, its timed words (kept for its captions). */
export interface SpeechFacts {
  seconds: number
  language: SpeechLanguage
  /** null: the maker reports no word times (they are asked of a speech-to-text model when captions need them). */
  words: { timing: CaptionTiming; list: CaptionWord[] } | null
}

/** Downloads a user-given URL to a temp file (SSRF-safe, capped): server/media/fetch-remote.ts. */
export type RemoteFetcher = (url: string, kind: 'audio' | 'video' | 'image', signal: AbortSignal) => Promise<{ file: string; cleanup(): Promise<void> }>

export class ProviderRejectedError extends Error {
  override name = 'ProviderRejectedError'
}
