import type { MiddlewareHandler } from 'hono'
import { createMiddleware } from 'hono/factory'
import type { ApiScope } from '../../contract/public-api/paths.ts'
import { findKeyOwner } from '../api-keys/key-owner.ts'
import { looksLikeApiKey } from '../api-keys/key-secret.ts'
import { accountDeletedError, bearerToken } from '../auth/middleware.ts'
import { ApiError } from '../http/errors.ts'
import type { PublicApiEnv } from './env.ts'
import type { KeyRateLimit } from './rate-limit.ts'

// The developer API's guard (docs/decisions/0401): `Authorization: Bearer
// actorly_sk_…`, looked up by its hash on every request (a revoked key fails
// at once on every instance), then the key's own rate limit; the key acts as
// its owner (`c.var.user`). Routes then ask for the scope they need.

export function requireApiKey(deps: { db: Parameters<typeof findKeyOwner>[0]; rateLimit: KeyRateLimit }): MiddlewareHandler<PublicApiEnv> {
  return createMiddleware<PublicApiEnv>(async (c, next) => {
    const credential = bearerToken(c)
    if (credential === null) throw new ApiError(401, 'missing_token', 'Send your API key as Authorization: Bearer actorly_sk_…')
    if (!looksLikeApiKey(credential)) throw new ApiError(401, 'invalid_api_key', 'This is not an API key: create one on the Account screen')
    const found = await findKeyOwner(deps.db, credential)
    if (!found.ok && found.problem === 'account_deleted') throw accountDeletedError()
    if (!found.ok) throw new ApiError(401, 'invalid_api_key', 'This API key is not valid: it may have been revoked')
    await deps.rateLimit.take(c, found.owner.keyId)
    c.set('apiKey', found.owner)
    c.set('user', found.owner.user)
    await next()
  })
}

export function requireScope(scope: ApiScope): MiddlewareHandler<PublicApiEnv> {
  return createMiddleware<PublicApiEnv>(async (c, next) => {
    if (!c.var.apiKey.scopes.includes(scope)) throw new ApiError(403, 'insufficient_scope', `This key lacks the ${scope} scope`)
    await next()
  })
}
