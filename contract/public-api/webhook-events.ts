import { z } from 'zod'
import { publicGenerationSchema } from './generations.ts'

// What a webhook endpoint receives (docs/decisions/0405), signed the Standard
// Webhooks way: headers webhook-id (the same on every retry: deduplicate by
// it), webhook-timestamp and webhook-signature. The body is { type,
// timestamp, data }.

export const WEBHOOK_EVENT_TYPES = ['generation.completed', 'generation.failed', 'ping'] as const
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number]

const timestamp = z.string().meta({ description: 'When the event happened, ISO 8601, UTC.' })

export const generationEventSchema = z
  .strictObject({ type: z.enum(['generation.completed', 'generation.failed']), timestamp, data: publicGenerationSchema })
  .meta({ id: 'GenerationEvent' })
export type GenerationEvent = z.infer<typeof generationEventSchema>

export const pingEventSchema = z
  .strictObject({
    type: z.literal('ping'),
    timestamp,
    data: z.strictObject({ endpoint_id: z.string().meta({ description: 'The endpoint tested from the Account screen.' }) }),
  })
  .meta({ id: 'PingEvent' })
export type PingEvent = z.infer<typeof pingEventSchema>

export const webhookEventSchema = z.union([generationEventSchema, pingEventSchema])
export type WebhookEvent = z.infer<typeof webhookEventSchema>
