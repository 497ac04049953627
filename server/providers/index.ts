import type { RemoteFetcherPolicy } from '../media/fetch-remote.ts'
import type { FalModels } from './fal/fal-inputs.ts'
import { createFalProvider } from './fal/fal-provider.ts'
import type { JobLimits } from './job-limits.ts'
import { createLocalProvider } from './local/local-provider.ts'
import type { Transcriber } from './fal/fal-transcript.ts'
import type { GenerationProvider, OutputStore, RemoteFetcher } from './provider.ts'
import { cachedSampler, localVoiceSampler, type VoiceSampler } from './speech/voice-sampler.ts'

export interface Providers {
  /** Where new jobs go (GENERATION_PROVIDER). */
  active: GenerationProvider
  /** Every provider a job may name (a worker works jobs of each). */
  byName: Partial<Record<GenerationProvider['name'], GenerationProvider>>
  /** Times the words of an audio for captions: fal's speech-to-text model with fal active; none on the embedded default. */
  transcriber: Transcriber | null
  /** The voices' samples, from whoever makes the voices (made once). */
  voiceSamples: VoiceSampler
}

/** Who makes the videos, as configured (server/config/generation.ts reads them from the environment). */
export interface ProviderSettings {
  /** Where new jobs go. */
  provider: 'local' | 'fal'
  /** null when FAL_KEY is not set. */
  fal: { credentials: string; queueUrl: string; models: FalModels } | null
  /** How often a worker asks fal about a job no webhook has ended yet (the fallback; docs/decisions/0211). */
  pollIntervalMs: number
}

export interface ProviderDeps {
  store: OutputStore
  fetchRemote: RemoteFetcher
  limits: JobLimits
  /** Where fal POSTs its signed webhook; null: polling only (docs/decisions/0211). */
  falWebhookUrl: string | null
  /** Tests only: lets fal result downloads reach the local fake. */
  falResultFetchPolicy?: RemoteFetcherPolicy
}

/** The local renderer always exists (jobs of an earlier local run can finish); fal when FAL_KEY is set. */
export function createProviders(config: ProviderSettings, deps: ProviderDeps): Providers {
  const local = createLocalProvider({ store: deps.store, fetchRemote: deps.fetchRemote, limits: deps.limits })
  const fal =
    config.fal === null
      ? undefined
      : createFalProvider({
          ...config.fal,
          store: deps.store,
          limits: deps.limits,
          webhookUrl: deps.falWebhookUrl,
          pollIntervalMs: config.pollIntervalMs,
          ...(deps.falResultFetchPolicy === undefined ? {} : { resultFetchPolicy: deps.falResultFetchPolicy }),
        })
  const falActive = config.provider === 'fal' && fal !== undefined ? fal : null
  return {
    active: falActive ?? local,
    byName: { local, ...(fal === undefined ? {} : { fal }) },
    transcriber: falActive,
    voiceSamples: cachedSampler(falActive ?? localVoiceSampler),
  }
}
