import type { ApiError as FalApiError } from '@fal-ai/client'
import type { RemoteFetcherPolicy } from '../../media/fetch-remote.ts'
import { JOB_LIMITS, type JobLimits } from '../job-limits.ts'
import type { CaptionWord } from '../../../contract/captions.ts'
import type { GenerationProvider, OutputStore, ProviderJobRef, ProviderStatus } from '../provider.ts'
import { readFile } from 'node:fs/promises'
import { VOICE_PREVIEW_TEXT } from '../../../contract/constants.ts'
import { VOICES, type VoiceId } from '../../../contract/voice.ts'
import type { FalRequestBody, TranscriptionInput } from './model-families.ts'
import { ProviderRejectedError } from '../provider.ts'
import { fetchableInput } from '../media-output.ts'
import { downloadResult, ResultDownloadError } from './download.ts'
import { probeDurationSeconds } from '../../render/probe.ts'
import { CaptionBurnError, saveLipSyncResult } from '../captioned-output.ts'
import { endpointFor, falInputFor, falStatusSchema, outputFormatFor, refusalFor, resolveFalModels, resultUrlOf, type FalModels } from './fal-inputs.ts'
import { transcriptWords, type Transcriber } from './fal-transcript.ts'
import type { VoiceSample, VoiceSampler } from '../speech/voice-sampler.ts'
import { workFalJob } from './fal-work.ts'
import { resultProblem } from './result-check.ts'

// The production provider: fal.ai's queue through @fal-ai/client (submit,
// status, result). The API instance submits with our webhook URL; a worker
// holding the job's lease waits for fal's signed webhook, asking the queue as
// the fallback, and copies the finished video into our media store
// (docs/decisions/0211). fal keeps the job, so a worker taking over simply
// asks about the stored request id again. fal reports no percentage: queued
// is 0/0 (the app shows "hang tight", spec §4), running is half way,
// completed is whole (docs/decisions/0074).

export const FAL_QUEUE_URL = 'https://queue.fal.run'

export interface FalProviderOptions {
  credentials: string
  models: FalModels
  store: OutputStore
  /** The queue's base URL; another one only for the local fake in tests. */
  queueUrl?: string
  /** fetch for the queue client (tests). */
  fetch?: typeof fetch
  /** Call timeouts and the result cap (default JOB_LIMITS). */
  limits?: JobLimits
  /** Tests only: lets the result download reach the local fake's loopback address. */
  resultFetchPolicy?: RemoteFetcherPolicy
  /** Where fal POSTs its signed webhook when a job ends; null: polling only. */
  webhookUrl?: string | null
  /** How often a worker asks the queue about a job while no webhook has come (the fallback). */
  pollIntervalMs?: number
}

/** The fal provider, plus the single questions its worker loop and contract tests use. */
export interface FalProvider extends GenerationProvider, Transcriber, VoiceSampler {
  /**
   * One question to the queue; a COMPLETED job's result is copied home before it answers. Throws for a
   * passing problem, and when `signal` (the worker's: lease lost, shutdown) stops the copy.
   */
  status(job: ProviderJobRef, signal?: AbortSignal): Promise<ProviderStatus>
  /** Checks and copies the video at `url` (from fal's signed webhook) home. Throws as status does. */
  saveDelivered(job: ProviderJobRef, url: string, signal?: AbortSignal): Promise<ProviderStatus>
}

/** How often a waiting transcription asks the queue (a minute of speech takes seconds). */
const TRANSCRIPT_POLL_MS = 400

const QUEUED: ProviderStatus = { state: 'queued', progress: { current: 0, total: 0 } }
const RUNNING: ProviderStatus = { state: 'running', progress: { current: 50, total: 100 } }

function failed(error: string): ProviderStatus {
  return { state: 'failed', progress: { current: 0, total: 100 }, error }
}

// The client loads with the first queue call, not at boot (docs/decisions/0206); its error
// class is known from then on, which is the only time a call can have failed.
let FalApiErrorClass: typeof FalApiError | undefined
const loadFalClient = async () => {
  const fal = await import('@fal-ai/client')
  FalApiErrorClass = fal.ApiError
  return fal
}
const isFalApiError = (error: unknown): error is FalApiError<unknown> => FalApiErrorClass !== undefined && error instanceof FalApiErrorClass

/** A definite answer from fal that the request cannot succeed (not a network hiccup or an overload). */
function isFinalRefusal(error: unknown): error is FalApiError<unknown> {
  return isFalApiError(error) && error.status >= 400 && error.status < 500 && error.status !== 408 && error.status !== 429
}

function describe(error: unknown): string {
  if (isFalApiError(error)) return `fal answered ${error.status}: ${error.message}`
  return error instanceof Error ? error.message : String(error)
}

export function createFalProvider(options: FalProviderOptions): FalProvider {
  // Throws for a model the table does not know (config.ts refuses it at boot already).
  const endpoints = resolveFalModels(options.models)
  const modelFor = (input: ProviderJobRef['input']): string => endpointFor(input, endpoints).id
  const queueUrl = new URL(options.queueUrl ?? FAL_QUEUE_URL)
  const baseFetch = options.fetch ?? fetch
  // The client always addresses https://queue.fal.run; point it at the configured queue.
  const queueFetch: typeof fetch = (input, init) => {
    const url = new URL(input instanceof Request ? input.url : input.toString())
    if (url.origin === FAL_QUEUE_URL) {
      url.protocol = queueUrl.protocol
      url.host = queueUrl.host
      url.pathname = `${queueUrl.pathname.replace(/\/$/, '')}${url.pathname}`
    }
    return baseFetch(url, init)
  }
  const limits = options.limits ?? JOB_LIMITS
  // Every queue call gets its own deadline: a hung connection must not hold the job's advance.
  const deadline = (): AbortSignal => AbortSignal.timeout(limits.falCallTimeoutMs)
  let client: ReturnType<typeof connect> | undefined
  const connect = async () =>
    (await loadFalClient()).createFalClient({ credentials: options.credentials, fetch: queueFetch, suppressLocalCredentialsWarning: true })
  const queue = async () => (await (client ??= connect())).queue

  async function copyResult(job: ProviderJobRef, signal: AbortSignal | undefined): Promise<ProviderStatus> {
    const model = modelFor(job.input)
    let data: unknown
    try {
      data = (await (await queue()).result(model, { requestId: job.requestId, abortSignal: deadline() })).data
    } catch (error) {
      // The run is over (status said COMPLETED): an error answer here is the run's own failure.
      if (isFinalRefusal(error) || (isFalApiError(error) && error.status === 500)) return failed(describe(error))
      throw error
    }
    const url = resultUrlOf(data)
    if (url === null) return failed(`fal answered a result without ${job.input.kind === 'voice' ? 'an audio' : 'a video'}`)
    return saveDelivered(job, url, signal)
  }

  /** A voice's audio into the store as an upload; its words are timed later, for captions, by speech to text. */
  async function saveVoice(job: ProviderJobRef, file: string, ext: string): Promise<ProviderStatus> {
    const { input } = job
    if (input.kind !== 'voice') throw new Error('not a voice job')
    if (ext !== 'mp3' && ext !== 'wav') return failed(`fal's voice is ${ext}, not mp3 or wav`)
    let seconds: number
    try {
      seconds = await probeDurationSeconds(file)
    } catch {
      return failed("fal's voice is not playable audio")
    }
    const outputUrl = await options.store.saveVoice(file, ext, { jobId: job.jobId }, { seconds, language: input.language, words: null })
    return { state: 'completed', progress: { current: 100, total: 100 }, outputUrl }
  }

  async function saveDelivered(job: ProviderJobRef, url: string, signal?: AbortSignal): Promise<ProviderStatus> {
    let downloaded: Awaited<ReturnType<typeof downloadResult>>
    try {
      downloaded = await downloadResult(url, {
        trustedOrigin: queueUrl.origin,
        maxBytes: limits.falResultMaxBytes,
        timeoutMs: limits.falResultTimeoutMs,
        dir: options.store.tempDir,
        kind: job.input.kind === 'voice' ? 'audio' : 'video',
        ...(options.resultFetchPolicy === undefined ? {} : { policy: options.resultFetchPolicy }),
        ...(signal === undefined ? {} : { signal }),
      })
    } catch (error) {
      signal?.throwIfAborted()
      // A refused, oversized or gone result never gets better: the run is lost (decision 0075).
      if (error instanceof ResultDownloadError && error.final) return failed(error.message)
      throw error
    }
    try {
      if (job.input.kind === 'voice') return await saveVoice(job, downloaded.file, downloaded.ext)
      // A video of another shape or length than asked is failed and refunded, not stored (decision 0231).
      const problem = await resultProblem(downloaded.file, job.input)
      if (problem !== null) return failed(problem)
      const captions = job.input.kind === 'lipsync' ? job.input.captions : undefined
      const pass = { timeoutMs: limits.falCaptionPassTimeoutMs, ...(signal === undefined ? {} : { signal }) }
      try {
        const saved = await saveLipSyncResult(downloaded.file, captions, options.store, { jobId: job.jobId }, pass)
        return { state: 'completed', progress: { current: 100, total: 100 }, ...saved }
      } catch (error) {
        // A caption pass that fails would fail again on the same video: the job ends, refunded (decision 0234).
        if (error instanceof CaptionBurnError) return failed(error.message)
        throw error
      }
    } finally {
      await downloaded.cleanup()
    }
  }

  async function status(job: ProviderJobRef, signal?: AbortSignal): Promise<ProviderStatus> {
    let raw: unknown
    try {
      raw = await (await queue()).status(modelFor(job.input), { requestId: job.requestId, logs: false, abortSignal: deadline() })
    } catch (error) {
      if (isFinalRefusal(error)) return failed(describe(error))
      throw error
    }
    const parsed = falStatusSchema.safeParse(raw)
    if (!parsed.success) throw new Error('fal answered a status we do not understand')
    switch (parsed.data.status) {
      case 'IN_QUEUE':
        return QUEUED
      case 'IN_PROGRESS':
        return RUNNING
      case 'FAILED':
      case 'CANCELED':
        return failed(parsed.data.error ?? `fal reported ${parsed.data.status}`)
      case 'COMPLETED':
        if (parsed.data.error) return failed(`fal reported: ${parsed.data.error}`)
        return copyResult(job, signal)
    }
  }

  /** One request while the caller waits (captions before paying, a voice's sample): submit, ask until done, read. */
  async function runNow(endpointId: string, input: FalRequestBody, signal: AbortSignal): Promise<unknown> {
    const falQueue = await queue()
    const { request_id: requestId } = await falQueue.submit(endpointId, { input, abortSignal: AbortSignal.any([signal, deadline()]) })
    for (;;) {
      signal.throwIfAborted()
      const raw = await falQueue.status(endpointId, { requestId, logs: false, abortSignal: AbortSignal.any([signal, deadline()]) })
      const parsed = falStatusSchema.safeParse(raw)
      if (!parsed.success) throw new Error('fal answered a status we do not understand')
      if (parsed.data.status === 'FAILED' || parsed.data.status === 'CANCELED' || parsed.data.error) {
        throw new Error(`${endpointId} failed: ${parsed.data.error ?? parsed.data.status}`)
      }
      if (parsed.data.status === 'COMPLETED') break
      await new Promise((resolve) => setTimeout(resolve, TRANSCRIPT_POLL_MS))
    }
    return (await falQueue.result(endpointId, { requestId, abortSignal: AbortSignal.any([signal, deadline()]) })).data
  }

  async function transcribe(audioUrl: string, language: TranscriptionInput['language'], signal: AbortSignal): Promise<CaptionWord[]> {
    const endpoint = endpoints.transcription
    return transcriptWords(await runNow(endpoint.id, endpoint.toInput({ audioUrl: options.store.fetchableUrl(audioUrl), language }), signal))
  }

  /** A voice's short sample, made once per instance (server/providers/speech/voice-sampler.ts). */
  async function sample(voice: VoiceId, signal: AbortSignal): Promise<VoiceSample> {
    const language = VOICES.find((known) => known.id === voice)?.language ?? 'en'
    const endpoint = endpoints.speech
    const data = await runNow(endpoint.id, endpoint.toInput({ kind: 'voice', text: VOICE_PREVIEW_TEXT[language], language, voice }), signal)
    const url = resultUrlOf(data)
    if (url === null) throw new Error('fal answered a voice sample without audio')
    const downloaded = await downloadResult(url, {
      trustedOrigin: queueUrl.origin,
      maxBytes: 5 * 1024 * 1024,
      timeoutMs: limits.falResultTimeoutMs,
      dir: options.store.tempDir,
      kind: 'audio',
      ...(options.resultFetchPolicy === undefined ? {} : { policy: options.resultFetchPolicy }),
    })
    try {
      return { bytes: await readFile(downloaded.file), contentType: downloaded.ext === 'wav' ? 'audio/wav' : 'audio/mpeg' }
    } finally {
      await downloaded.cleanup()
    }
  }

  const webhookUrl = options.webhookUrl ?? null
  return {
    transcribe,
    sample,
    name: 'fal',
    async start(job) {
      try {
        const submitted = await (
          await queue()
        ).submit(modelFor(job.input), {
          input: falInputFor(fetchableInput(job.input, options.store), endpoints),
          abortSignal: deadline(),
          ...(webhookUrl === null ? {} : { webhookUrl }),
        })
        return submitted.request_id
      } catch (error) {
        throw new ProviderRejectedError(`fal did not accept the job: ${describe(error)}`, { cause: error })
      }
    },
    status,
    saveDelivered,
    work: (job, context) =>
      workFalJob(job, context, {
        status,
        saveDelivered,
        pollIntervalMs: options.pollIntervalMs ?? 3000,
        maxConsecutiveErrors: limits.maxConsecutiveStatusErrors,
      }),
    outputFormat: (input) => outputFormatFor(input, endpoints),
    refusal: (input) => refusalFor(input, endpoints),
    async close() {},
  }
}
