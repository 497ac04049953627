import { Hono } from 'hono'
import type { Kysely } from 'kysely'
import { removePushSubscriptionSchema, savePushSubscriptionSchema, type PushKey } from '../../contract/push.ts'
import { requireUser } from '../auth/middleware.ts'
import type { Database } from '../db/schema.ts'
import type { AppEnv } from '../http/env.ts'
import { ApiError } from '../http/errors.ts'
import type { RateLimiter } from '../http/rate-limit.ts'
import { jsonBody } from '../http/validate.ts'
import type { PushEndpointPolicy } from '../push/endpoint-policy.ts'
import { removeDeviceSubscription, savePushSubscription } from '../push/subscriptions.ts'

// /api/push/v1 (docs/api.md "Push notifications"; docs/decisions/0280, 0283):
// the VAPID key the app subscribes with, and this device's subscription.

export interface PushRoutesDeps {
  db: Kysely<Database>
  /** The VAPID public key (base64url). */
  publicKey: string
  /** Which endpoints the server sends to (the browsers' push services, through the outbound guard). */
  endpoints: PushEndpointPolicy
  /** The subscribe call's limit, per account. */
  subscribeLimiter: RateLimiter
}

/** How long a subscribe call waits for the endpoint's host to resolve. */
const ENDPOINT_CHECK_MS = 5_000

export function createPushRoutes(deps: PushRoutesDeps) {
  return (
    new Hono<AppEnv>()
      .get('/key', (c) => c.json<PushKey>({ publicKey: deps.publicKey }))
      // Signed in: this device's subscription, saved again whenever the app's language changes.
      .put('/subscription', requireUser(), async (c) => {
        await deps.subscribeLimiter.takeForUser(c, c.var.user.id)
        const body = await jsonBody(c, savePushSubscriptionSchema)
        const checked = await deps.endpoints.check(body.endpoint, AbortSignal.timeout(ENDPOINT_CHECK_MS))
        if (!checked.ok) {
          if (checked.reason === 'unresolvable') throw new ApiError(502, 'upstream_failed', `The push service could not be reached: ${checked.message}`)
          throw new ApiError(400, 'push_endpoint_not_allowed', checked.message)
        }
        await savePushSubscription(deps.db, c.var.user.id, { endpoint: body.endpoint, keys: body.keys, language: body.language })
        return c.body(null, 204)
      })
      // Sign-out on this device: no token needed; the endpoint with its auth secret is the proof.
      .delete('/subscription', async (c) => {
        const body = await jsonBody(c, removePushSubscriptionSchema)
        await removeDeviceSubscription(deps.db, body.endpoint, body.auth)
        return c.body(null, 204)
      })
  )
}
