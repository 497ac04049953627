import { z } from 'zod'
import { FAL_QUEUE_URL } from './fal/fal-provider.ts'
import { resolveFalModels, UnknownFalModelError, type FalModels } from './fal/fal-inputs.ts'
import { DEFAULT_FAL_MODELS } from './fal/model-families.ts'

// Generation settings, read from the environment at boot and validated with
// zod (a bad combination refuses to start). Documented in
// docs/operations/generation.md.

const optionalText = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? null : v.trim()))

const envSchema = z.object({
  GENERATION_PROVIDER: z.enum(['local', 'fal']).default('local'),
  LOCAL_RENDER_CONCURRENCY: z.coerce.number().int().min(1).max(4).default(1),
  GENERATION_POLL_INTERVAL_MS: z.coerce.number().int().min(50).max(60_000).optional(),
  FAL_KEY: optionalText,
  FAL_QUEUE_URL: z.url({ protocol: /^https?$/ }).default(FAL_QUEUE_URL),
  FAL_UGC_MODEL: z.string().trim().min(3).default(DEFAULT_FAL_MODELS.ugc),
  FAL_LIPSYNC_MODEL: z.string().trim().min(3).default(DEFAULT_FAL_MODELS.lipsync),
  FAL_CONSISTENT_MODEL: z.string().trim().min(3).default(DEFAULT_FAL_MODELS.consistent),
})

export interface GenerationConfig {
  /** Where new jobs go. */
  provider: 'local' | 'fal'
  local: { concurrency: number }
  /** null when FAL_KEY is not set. */
  fal: { credentials: string; queueUrl: string; models: FalModels } | null
  /** How often an active job's provider is asked (local answers from memory; fal is a network call). */
  pollIntervalMs: number
}

export class GenerationConfigError extends Error {
  override name = 'GenerationConfigError'
}

const MODEL_VARIABLES = { ugc: 'FAL_UGC_MODEL', lipsync: 'FAL_LIPSYNC_MODEL', consistent: 'FAL_CONSISTENT_MODEL' } as const

/** A model the table does not know would be sent a shape it cannot take: refuse to start instead. */
function assertKnownModels(models: FalModels): void {
  try {
    resolveFalModels(models)
  } catch (error) {
    if (error instanceof UnknownFalModelError) {
      throw new GenerationConfigError(`${MODEL_VARIABLES[error.kind]}: ${error.message} (docs/operations/generation.md)`, { cause: error })
    }
    throw error
  }
}

export function loadGenerationConfig(source: Record<string, string | undefined> = process.env): GenerationConfig {
  const parsed = envSchema.safeParse(source)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`)
    throw new GenerationConfigError(`Invalid generation configuration:\n${lines.join('\n')}`)
  }
  const env = parsed.data
  if (env.GENERATION_PROVIDER === 'fal' && env.FAL_KEY === null) {
    throw new GenerationConfigError('GENERATION_PROVIDER=fal needs FAL_KEY (the fal.ai API key)')
  }
  const models: FalModels = { ugc: env.FAL_UGC_MODEL, lipsync: env.FAL_LIPSYNC_MODEL, consistent: env.FAL_CONSISTENT_MODEL }
  assertKnownModels(models)
  const fal = env.FAL_KEY === null ? null : { credentials: env.FAL_KEY, queueUrl: env.FAL_QUEUE_URL, models }
  return {
    provider: env.GENERATION_PROVIDER,
    local: { concurrency: env.LOCAL_RENDER_CONCURRENCY },
    fal,
    pollIntervalMs: env.GENERATION_POLL_INTERVAL_MS ?? (env.GENERATION_PROVIDER === 'fal' ? 3000 : 500),
  }
}
