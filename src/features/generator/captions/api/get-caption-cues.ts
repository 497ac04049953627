import type { z } from 'zod'
import { CAPTION_CUES_PATH, captionCuesResponseSchema, type CaptionCuesResponse, type captionCuesRequestSchema } from '@contract/captions'
import { outcomeOf, type CallOutcome } from '../../voice/api/call-outcome'

// POST api/fal/v1/captions/cues: the timed captions of the lip-sync audio,
// before paying. `script` is "What is said": on the embedded default an
// upload, recording or linked audio is timed from it (approximate: say so);
// a voice from a script and, in production, any audio are timed exactly.
// Refusal 400 captions_unavailable: ask for the words. The user may correct
// every cue's text; the lip-sync start sends the corrected cues back.

/** Speech to text may take a few seconds for a minute of speech. */
const CUES_TIMEOUT_MS = 120_000

export type CaptionCuesAsk = z.input<typeof captionCuesRequestSchema>

export async function getCaptionCues(request: CaptionCuesAsk): Promise<CallOutcome<CaptionCuesResponse>> {
  const { api } = await import('@/api/http')
  return outcomeOf(async () => captionCuesResponseSchema.parse(await api.post(CAPTION_CUES_PATH, { json: request, timeout: CUES_TIMEOUT_MS }).json()))
}
