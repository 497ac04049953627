import { z } from 'zod'
import type { GenerationInput } from '../provider.ts'

// What each fal model is sent for a job, and how its answer is read. The model
// ids come from configuration (docs/operations/generation.md).

export interface FalModels {
  /** Text to video for the UGC actor, e.g. fal-ai/minimax/video-01. */
  ugc: string
  /** fal-ai/sync-lipsync (model lipsync-1.8.0 or lipsync-1.9.0-beta). */
  lipsync: string
  /** fal-ai/minimax/video-01-subject-reference. */
  consistent: string
}

export function modelFor(input: GenerationInput, models: FalModels): string {
  return models[input.kind]
}

/** The request body of the model, in fal's field names. */
export function falInputFor(input: GenerationInput): Record<string, unknown> {
  switch (input.kind) {
    case 'ugc':
      return { prompt: input.prompt, seed: input.seed, prompt_optimizer: input.enhanced }
    case 'lipsync':
      // sync_mode 'cut_off': the output lasts as long as the shorter input, like the paid audio.
      return { model: input.model, video_url: input.videoUrl, audio_url: input.audioUrl, sync_mode: 'cut_off' }
    case 'consistent':
      return { prompt: input.prompt, subject_reference_image_url: input.imageUrl, prompt_optimizer: true }
  }
}

/** Every video model used answers `{ video: { url } }`. */
export const falVideoResultSchema = z.object({ video: z.object({ url: z.url() }) })

/** The queue's status answer (COMPLETED may carry an `error` when the run failed). */
export const falStatusSchema = z.object({
  status: z.enum(['IN_QUEUE', 'IN_PROGRESS', 'COMPLETED', 'FAILED', 'CANCELED']),
  queue_position: z.number().optional(),
  error: z.string().nullish(),
  error_type: z.string().nullish(),
})
