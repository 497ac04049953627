import { Hono } from 'hono'
import type { Kysely } from 'kysely'
import { WEBHOOK_ENDPOINTS_PER_ACCOUNT } from '../../contract/constants.ts'
import { createWebhookEndpointSchema, type CreatedWebhookEndpoint, type WebhookEndpointList } from '../../contract/developer-settings.ts'
import { requireUser } from '../auth/middleware.ts'
import type { Database } from '../db/schema.ts'
import type { AppEnv } from '../http/env.ts'
import { ApiError } from '../http/errors.ts'
import { jsonBody } from '../http/validate.ts'
import { queuePing } from '../webhooks/deliveries.ts'
import { vetWebhookUrl, type WebhookTargets } from '../webhooks/endpoint-policy.ts'
import { createEndpoint, deleteEndpoint, findEndpoint, listEndpoints, TooManyEndpointsError } from '../webhooks/endpoints.ts'

// The Account screen's webhook endpoints (docs/api.md "Developer settings",
// docs/decisions/0405, 0408), with the session's ID token: list them with
// their latest deliveries, register one (its URL through the outbound guard;
// the signing secret is in that answer only), delete one, send a test ping.

/** How long checking a URL's name may take before the answer says so. */
const VET_TIMEOUT_MS = 5_000

export function createWebhookEndpointRoutes(deps: { db: Kysely<Database>; targets: WebhookTargets }): Hono<AppEnv> {
  return new Hono<AppEnv>()
    .get('/', requireUser(), async (c) => c.json<WebhookEndpointList>({ endpoints: await listEndpoints(deps.db, c.var.user.id) }))
    .post('/', requireUser({ checkRevoked: true }), async (c) => {
      const body = await jsonBody(c, createWebhookEndpointSchema)
      const vetting = await vetWebhookUrl(deps.targets, body.url, AbortSignal.timeout(VET_TIMEOUT_MS)).catch(() => null)
      if (vetting === null) throw new ApiError(400, 'url_not_allowed', 'url: the name could not be checked in time')
      if (!vetting.ok) throw new ApiError(400, 'url_not_allowed', `url: ${vetting.message}`)
      try {
        const created = await createEndpoint(deps.db, c.var.user.id, vetting.url.href)
        c.var.log.info({ userId: c.var.user.id, endpoint: created.endpoint.id, host: vetting.url.host }, 'webhook endpoint registered')
        return c.json<CreatedWebhookEndpoint>(created, 201)
      } catch (error) {
        if (error instanceof TooManyEndpointsError)
          throw new ApiError(409, 'limit_reached', `At most ${WEBHOOK_ENDPOINTS_PER_ACCOUNT} endpoints: delete one first`)
        throw error
      }
    })
    .post('/:id/delete', requireUser(), async (c) => {
      if (!(await deleteEndpoint(deps.db, c.var.user.id, c.req.param('id')))) throw new ApiError(404, 'not_found', 'No such endpoint')
      return c.body(null, 204)
    })
    .post('/:id/test', requireUser(), async (c) => {
      const endpoint = await findEndpoint(deps.db, c.var.user.id, c.req.param('id'))
      if (endpoint === undefined) throw new ApiError(404, 'not_found', 'No such endpoint')
      // A worker sends it within seconds (server/webhooks/dispatcher.ts); the list shows the attempt.
      return c.json({ id: await queuePing(deps.db, endpoint.id, new Date()) }, 202)
    })
}
