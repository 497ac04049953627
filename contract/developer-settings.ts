import { z } from 'zod'
import { API_KEY_NAME_MAX, WEBHOOK_URL_MAX_LENGTH } from './constants.ts'
import { API_SCOPES } from './public-api/paths.ts'

// The Account screen's developer sections (docs/api.md "Developer settings",
// docs/decisions/0401, 0405): API keys and webhook endpoints, managed with
// the signed-in session's ID token at /api/developers/v1. A key can never
// manage keys or endpoints itself.

export const DEVELOPER_SETTINGS_PREFIX = 'api/developers/v1'

export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The key's first characters, to recognise it; the rest is never shown again. */
  prefix: z.string(),
  scopes: z.array(z.enum(API_SCOPES)),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
})
export type ApiKeyView = z.infer<typeof apiKeySchema>

export const apiKeyListSchema = z.object({ keys: z.array(apiKeySchema) })
export type ApiKeyList = z.infer<typeof apiKeyListSchema>

export const createApiKeySchema = z.object({
  name: z.string().trim().min(1, 'name: Please name the key').max(API_KEY_NAME_MAX),
  scopes: z
    .array(z.enum(API_SCOPES))
    .min(1, 'scopes: Choose at least one')
    .transform((scopes) => [...new Set(scopes)]),
})
export type CreateApiKey = z.input<typeof createApiKeySchema>

/** The key itself is in this answer only: the server keeps just its hash. */
export const createdApiKeySchema = z.object({ key: apiKeySchema, secret: z.string() })
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>

export const WEBHOOK_DELIVERY_STATES = ['pending', 'delivered', 'failed'] as const
export type WebhookDeliveryState = (typeof WEBHOOK_DELIVERY_STATES)[number]

export const webhookAttemptSchema = z.object({
  at: z.string(),
  /** The endpoint's HTTP status; null when it did not answer. */
  status: z.number().int().nullable(),
  /** Why it failed, in English (a status outside 2xx, a timeout, a refused address). */
  error: z.string().nullable(),
})

export const webhookDeliverySchema = z.object({
  /** The webhook-id header: the same on every attempt. */
  id: z.string(),
  type: z.string(),
  state: z.enum(WEBHOOK_DELIVERY_STATES),
  createdAt: z.string(),
  /** When the next attempt is due while pending; null otherwise. */
  nextAttemptAt: z.string().nullable(),
  attempts: z.array(webhookAttemptSchema),
})
export type WebhookDeliveryView = z.infer<typeof webhookDeliverySchema>

export const webhookEndpointSchema = z.object({
  id: z.string(),
  url: z.string(),
  createdAt: z.string(),
  /** The latest deliveries, newest first. */
  deliveries: z.array(webhookDeliverySchema),
})
export type WebhookEndpointView = z.infer<typeof webhookEndpointSchema>

export const webhookEndpointListSchema = z.object({ endpoints: z.array(webhookEndpointSchema) })
export type WebhookEndpointList = z.infer<typeof webhookEndpointListSchema>

export const createWebhookEndpointSchema = z.object({
  url: z.string().trim().min(1, 'url: Please enter a URL').max(WEBHOOK_URL_MAX_LENGTH),
})
export type CreateWebhookEndpoint = z.infer<typeof createWebhookEndpointSchema>

/** The signing secret is in this answer only. */
export const createdWebhookEndpointSchema = z.object({ endpoint: webhookEndpointSchema, secret: z.string() })
export type CreatedWebhookEndpoint = z.infer<typeof createdWebhookEndpointSchema>
