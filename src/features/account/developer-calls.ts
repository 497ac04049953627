import { isHTTPError } from 'ky'
import {
  apiKeyListSchema,
  createdApiKeySchema,
  createdWebhookEndpointSchema,
  DEVELOPER_SETTINGS_PREFIX,
  webhookEndpointListSchema,
  type ApiKeyView,
  type CreateApiKey,
  type CreatedApiKey,
  type CreatedWebhookEndpoint,
  type WebhookEndpointView,
} from '@contract/developer-settings'
import type { ApiErrorCode } from '@contract/errors'
import { api } from '@/api/http'
import { apiErrorCodeOf } from '@/api/api-error-code'

// The Account screen's developer calls (docs/api.md "Developer settings"):
// API keys and webhook endpoints, with the session's ID token. Loaded when the
// sections first ask (docs/decisions/0203).

export type Refused = { ok: false; code: ApiErrorCode | null }
export type Outcome<T> = { ok: true; value: T } | Refused

async function outcome<T>(call: () => Promise<T>): Promise<Outcome<T>> {
  try {
    return { ok: true, value: await call() }
  } catch (error) {
    return { ok: false, code: isHTTPError(error) ? apiErrorCodeOf(error.data) : null }
  }
}

export const listKeys = async (): Promise<ApiKeyView[]> => apiKeyListSchema.parse(await api.get(`${DEVELOPER_SETTINGS_PREFIX}/keys`).json()).keys

export const createKey = (request: CreateApiKey): Promise<Outcome<CreatedApiKey>> =>
  outcome(async () => createdApiKeySchema.parse(await api.post(`${DEVELOPER_SETTINGS_PREFIX}/keys`, { json: request }).json()))

export const revokeKey = (id: string): Promise<Outcome<null>> =>
  outcome(async () => {
    await api.post(`${DEVELOPER_SETTINGS_PREFIX}/keys/${encodeURIComponent(id)}/revoke`)
    return null
  })

export const listEndpoints = async (): Promise<WebhookEndpointView[]> =>
  webhookEndpointListSchema.parse(await api.get(`${DEVELOPER_SETTINGS_PREFIX}/webhooks`).json()).endpoints

export const createEndpoint = (url: string): Promise<Outcome<CreatedWebhookEndpoint>> =>
  outcome(async () => createdWebhookEndpointSchema.parse(await api.post(`${DEVELOPER_SETTINGS_PREFIX}/webhooks`, { json: { url } }).json()))

export const deleteEndpoint = (id: string): Promise<Outcome<null>> =>
  outcome(async () => {
    await api.post(`${DEVELOPER_SETTINGS_PREFIX}/webhooks/${encodeURIComponent(id)}/delete`)
    return null
  })

export const testEndpoint = (id: string): Promise<Outcome<null>> =>
  outcome(async () => {
    await api.post(`${DEVELOPER_SETTINGS_PREFIX}/webhooks/${encodeURIComponent(id)}/test`)
    return null
  })
