import { Hono } from 'hono'
import type { Kysely } from 'kysely'
import { API_KEYS_PER_ACCOUNT } from '../../contract/constants.ts'
import { createApiKeySchema, type ApiKeyList, type CreatedApiKey } from '../../contract/developer-settings.ts'
import { createApiKey, listApiKeys, revokeApiKey, TooManyKeysError } from '../api-keys/api-keys.ts'
import { requireUser } from '../auth/middleware.ts'
import type { Database } from '../db/schema.ts'
import type { AppEnv } from '../http/env.ts'
import { ApiError } from '../http/errors.ts'
import { jsonBody } from '../http/validate.ts'

// The Account screen's API keys (docs/api.md "Developer settings",
// docs/decisions/0401), with the session's ID token: list, create (the key is
// in that answer only), revoke. Making a key checks the token's revocation,
// as every call that hands out a credential should.

export function createApiKeyRoutes(deps: { db: Kysely<Database> }): Hono<AppEnv> {
  return new Hono<AppEnv>()
    .get('/', requireUser(), async (c) => c.json<ApiKeyList>({ keys: await listApiKeys(deps.db, c.var.user.id) }))
    .post('/', requireUser({ checkRevoked: true }), async (c) => {
      const body = await jsonBody(c, createApiKeySchema)
      try {
        return c.json<CreatedApiKey>(await createApiKey(deps.db, c.var.user.id, body), 201)
      } catch (error) {
        if (error instanceof TooManyKeysError) throw new ApiError(409, 'limit_reached', `At most ${API_KEYS_PER_ACCOUNT} keys at once: revoke one first`)
        throw error
      }
    })
    .post('/:id/revoke', requireUser(), async (c) => {
      if (!(await revokeApiKey(deps.db, c.var.user.id, c.req.param('id')))) throw new ApiError(404, 'not_found', 'No such key')
      c.var.log.info({ userId: c.var.user.id, keyId: c.req.param('id') }, 'API key revoked')
      return c.body(null, 204)
    })
}
