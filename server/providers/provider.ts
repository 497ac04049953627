import type { LipSyncModel } from '../../contract/constants.ts'


// One interface for every video generator (architecture: embedded defaults and
// production twins): the local ffmpeg stand-in and fal.ai's queue. The job
// domain (server/domain/generations-jobs.ts) owns the job row, money and
// progress; a provider only runs work and reports on it.

/** What to make, in the provider's words; stored as the job's params (JSON). */
export type GenerationInput =
  | { kind: 'ugc'; prompt: string; seed: number; durationSeconds: number; enhanced: boolean }
  | { kind: 'lipsync'; videoUrl: string; audioUrl: string; audioSeconds: number; model: LipSyncModel }
  | { kind: 'consistent'; prompt: string; imageUrl: string; durationSeconds: number }

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
  thumbnailUrl?: string
  /** Set when failed: a short reason for logs and the job row. */
  error?: string
}

/** What the provider's video really is, as the gallery records it (spec §3 generation record). */
export interface OutputFormat {
  aspect_ratio: string
  resolution: string
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
   * Hands the job to the provider and answers its request id once the provider
   * has accepted it. Throws when it does not (the job is then refunded).
   */
  start(job: ProviderJob): Promise<string>
  /**
   * Where the job stands. A request id the provider does not know answers
   * `failed`; it never starts work (only start() and resume() do). Throws for
   * a passing problem (network, overload, timeout): the caller asks again.
   */
  status(job: ProviderJobRef): Promise<ProviderStatus>
  /**
   * After a restart: makes an unfinished job reachable again (local: renders it
   * anew from its stored input; fal: nothing to do, the queue kept it).
   */
  resume(job: ProviderJobRef): Promise<void>
  /**
   * The job domain has recorded the final state (it may also be a deadline the
   * job missed): the provider drops what it kept about it and stops any work
   * still running for it.
   */
  forget(requestId: string): void
  /** Stops work in progress (server shutdown). Jobs stay unfinished and resume on the next boot. */
  close(): Promise<void>
}

/** The media store (server/media/store.ts) seen through what providers need (server/providers/media-output.ts). */
export interface OutputStore {
  /** Moves a finished MP4 into the store as the job's user's; answers its reference (`/media/<key>`). */
  saveVideo(file: string, job: { jobId: string }): Promise<string>
  /** A local copy of one of our own media references, or null for any other URL. */
  localFileFor(url: string, signal?: AbortSignal): Promise<{ file: string; release(): Promise<void> } | null>
  /** A URL an outside service can fetch: our references become signed links that outlive any job; other URLs pass. */
  fetchableUrl(url: string): string
  /** A folder for files on their way into the store (server/media/store.ts MediaStore.tempDir). */
  readonly tempDir: string
}

/** Downloads a user-given URL to a temp file (SSRF-safe, capped): server/media/fetch-remote.ts. */
export type RemoteFetcher = (url: string, kind: 'audio' | 'video' | 'image', signal: AbortSignal) => Promise<{ file: string; cleanup(): Promise<void> }>

export class ProviderRejectedError extends Error {
  override name = 'ProviderRejectedError'
}

