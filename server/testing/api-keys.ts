import { createdApiKeySchema, type CreatedApiKey } from '../../contract/developer-settings.ts'
import type { ApiScope } from '../../contract/public-api/paths.ts'
import type { TestServer, TestUser } from './harness.ts'

// API keys made as a person makes them: the Account screen's call with the
// user's ID token (POST /api/developers/v1/keys).

export const ALL_SCOPES: ApiScope[] = ['generations:write', 'generations:read']

export async function createKey(server: Pick<TestServer, 'request'>, user: TestUser, scopes: ApiScope[] = ALL_SCOPES, name = 'script'): Promise<CreatedApiKey> {
  const res = await server.request('/api/developers/v1/keys', { token: user.idToken, json: { name, scopes } })
  if (res.status !== 201) throw new Error(`making a key failed: ${res.status} ${await res.text()}`)
  return createdApiKeySchema.parse(await res.json())
}
