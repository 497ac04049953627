import { z } from 'zod'
import { FAL_QUEUE_URL } from '../providers/fal/fal-provider.ts'
import { resolveFalModels, UnknownFalModelError, type FalModels } from '../providers/fal/fal-inputs.ts'
import { DEFAULT_FAL_MODELS } from '../providers/fal/model-families.ts'
import type { ProviderSettings } from '../providers/index.ts'
import { ConfigError, optionalText, type ConfigBlock } from './shared.ts'

// Generation settings (docs/operations/generation.md): one block of the
// server's environment schema (server/config.ts). A bad combination refuses
// to start.

export const generationEnv = {
  GENERATION_PROVIDER: z.enum(['local', 'fal']).default('local'),
  LOCAL_RENDER_CONCURRENCY: z.coerce.number().int().min(1).max(4).default(1),
  GENERATION_POLL_INTERVAL_MS: z.coerce.number().int().min(50).max(60_000).optional(),
  FAL_KEY: optionalText,
  FAL_QUEUE_URL: z.url({ protocol: /^https?$/ }).default(FAL_QUEUE_URL),
  FAL_UGC_MODEL: z.string().trim().min(3).default(DEFAULT_FAL_MODELS.ugc),
  FAL_LIPSYNC_MODEL: z.string().trim().min(3).default(DEFAULT_FAL_MODELS.lipsync),
  FAL_CONSISTENT_MODEL: z.string().trim().min(3).default(DEFAULT_FAL_MODELS.consistent),
  FAL_SPEECH_MODEL: z.string().trim().min(3).default(DEFAULT_FAL_MODELS.speech),
  FAL_TRANSCRIPTION_MODEL: z.string().trim().min(3).default(DEFAULT_FAL_MODELS.transcription),
  /** Another ffmpeg build for the local renderer and the media probe (default: the one in node_modules). */
  FFMPEG_PATH: optionalText,
}

export interface GenerationConfig extends ProviderSettings {
  /** Renders one worker runs at once (the worker claims no more local jobs than this). */
  local: { concurrency: number }
  /** null: the static ffmpeg of @ffmpeg-installer/ffmpeg. */
  ffmpegPath: string | null
}

const MODEL_VARIABLES = {
  ugc: 'FAL_UGC_MODEL',
  lipsync: 'FAL_LIPSYNC_MODEL',
  consistent: 'FAL_CONSISTENT_MODEL',
  speech: 'FAL_SPEECH_MODEL',
  transcription: 'FAL_TRANSCRIPTION_MODEL',
} as const

/** A model the table does not know would be sent a shape it cannot take: refuse to start instead. */
function assertKnownModels(models: FalModels): void {
  try {
    resolveFalModels(models)
  } catch (error) {
    if (error instanceof UnknownFalModelError) {
      throw new ConfigError(`${MODEL_VARIABLES[error.kind]}: ${error.message} (docs/operations/generation.md)`, { cause: error })
    }
    throw error
  }
}

export const generationConfig: ConfigBlock<typeof generationEnv, GenerationConfig> = (env, { isProduction }) => {
  if (env.GENERATION_PROVIDER === 'fal' && env.FAL_KEY === null) {
    throw new ConfigError('GENERATION_PROVIDER=fal needs FAL_KEY (the fal.ai API key)')
  }
  // The local renderer makes "Local preview – not AI" clips: paying users must never be charged for them.
  if (isProduction && env.GENERATION_PROVIDER === 'local') {
    throw new ConfigError('Refusing to start: NODE_ENV=production needs GENERATION_PROVIDER=fal (the local renderer is a preview, not AI).')
  }
  const models: FalModels = {
    ugc: env.FAL_UGC_MODEL,
    lipsync: env.FAL_LIPSYNC_MODEL,
    consistent: env.FAL_CONSISTENT_MODEL,
    speech: env.FAL_SPEECH_MODEL,
    transcription: env.FAL_TRANSCRIPTION_MODEL,
  }
  assertKnownModels(models)
  const fal = env.FAL_KEY === null ? null : { credentials: env.FAL_KEY, queueUrl: env.FAL_QUEUE_URL, models }
  return {
    provider: env.GENERATION_PROVIDER,
    local: { concurrency: env.LOCAL_RENDER_CONCURRENCY },
    fal,
    pollIntervalMs: env.GENERATION_POLL_INTERVAL_MS ?? 3000,
    ffmpegPath: env.FFMPEG_PATH,
  }
}
