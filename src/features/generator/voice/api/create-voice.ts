import type { z } from 'zod'
import { startResponseSchema } from '@contract/generations'
import { VOICE_START_PATH, type voiceStartRequestSchema } from '@contract/voice'
import { outcomeOf, type CallOutcome } from './call-outcome'

// POST api/fal/v1/voice: "Create voice". The server holds VOICE_COST and makes
// the voice as a job; the answer is its request id, followed with
// voiceStatusQuery. Refusals: 402 insufficient_credits, 409
// voice_in_progress (one voice at a time; a video being made does not
// block it), 400 validation_failed (empty, too long, a voice of another
// language). A start is never retried: it would be charged twice.

export type VoiceStart = z.input<typeof voiceStartRequestSchema>

export async function createVoice(request: VoiceStart): Promise<CallOutcome<{ requestId: string }>> {
  const { api } = await import('@/api/http')
  return outcomeOf(async () => startResponseSchema.parse(await api.post(VOICE_START_PATH, { json: request }).json()))
}
