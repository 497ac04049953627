import type { z } from 'zod'
import { CAPTION_PREVIEW_PATH, type captionPreviewRequestSchema } from '@contract/captions'
import { outcomeOf, type CallOutcome } from '../../voice/api/call-outcome'

// POST api/fal/v1/captions/preview: one still frame of the video with the
// captions in a style, as they will be burnt in (image/jpeg). Cheap and
// free: ask again when the style or a caption's text changes. The screen
// shows it through URL.createObjectURL and revokes the URL when replaced.

export type CaptionPreviewAsk = z.input<typeof captionPreviewRequestSchema>

export async function getCaptionPreview(request: CaptionPreviewAsk): Promise<CallOutcome<Blob>> {
  const { api } = await import('@/api/http')
  return outcomeOf(() => api.post(CAPTION_PREVIEW_PATH, { json: request }).blob())
}
