import { randomUUID } from 'node:crypto'
import type { Kysely } from 'kysely'
import { WEBHOOK_DELIVERIES_SHOWN, WEBHOOK_ENDPOINTS_PER_ACCOUNT } from '../../contract/constants.ts'
import type { WebhookDeliveryView, WebhookEndpointView } from '../../contract/developer-settings.ts'
import type { Database } from '../db/schema.ts'
import { newWebhookSecret } from './signature.ts'

// A user's webhook endpoints (docs/decisions/0405): registered with a
// checked URL (./endpoint-policy.ts), each with its own signing secret, shown
// with their latest deliveries and every attempt of those.

export class TooManyEndpointsError extends Error {
  override name = 'TooManyEndpointsError'
}

export async function createEndpoint(db: Kysely<Database>, userId: string, url: string): Promise<{ endpoint: WebhookEndpointView; secret: string }> {
  const row = { id: randomUUID(), user_id: userId, url, secret: newWebhookSecret(), created_at: new Date().toISOString() }
  await db.transaction().execute(async (trx) => {
    const count = await trx
      .selectFrom('webhook_endpoints')
      .select((eb) => eb.fn.countAll<string | number>().as('count'))
      .where('user_id', '=', userId)
      .executeTakeFirst()
    if (Number(count?.count ?? 0) >= WEBHOOK_ENDPOINTS_PER_ACCOUNT) throw new TooManyEndpointsError(`At most ${WEBHOOK_ENDPOINTS_PER_ACCOUNT} endpoints`)
    await trx.insertInto('webhook_endpoints').values(row).execute()
  })
  return { endpoint: { id: row.id, url: row.url, createdAt: row.created_at, deliveries: [] }, secret: row.secret }
}

/** Deletes one of the user's endpoints with its deliveries; false when it is not theirs. */
export async function deleteEndpoint(db: Kysely<Database>, userId: string, endpointId: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const owned = await trx.selectFrom('webhook_endpoints').select('id').where('id', '=', endpointId).where('user_id', '=', userId).executeTakeFirst()
    if (owned === undefined) return false
    const deliveries = trx.selectFrom('webhook_deliveries').select('id').where('endpoint_id', '=', endpointId)
    await trx.deleteFrom('webhook_attempts').where('delivery_id', 'in', deliveries).execute()
    await trx.deleteFrom('webhook_deliveries').where('endpoint_id', '=', endpointId).execute()
    await trx.deleteFrom('webhook_endpoints').where('id', '=', endpointId).execute()
    return true
  })
}

/** One of the user's endpoints, or undefined. */
export function findEndpoint(db: Kysely<Database>, userId: string, endpointId: string) {
  return db.selectFrom('webhook_endpoints').selectAll().where('id', '=', endpointId).where('user_id', '=', userId).executeTakeFirst()
}

async function latestDeliveries(db: Kysely<Database>, endpointId: string): Promise<WebhookDeliveryView[]> {
  const deliveries = await db
    .selectFrom('webhook_deliveries')
    .select(['id', 'event_type', 'state', 'created_at', 'next_attempt_at'])
    .where('endpoint_id', '=', endpointId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(WEBHOOK_DELIVERIES_SHOWN)
    .execute()
  if (deliveries.length === 0) return []
  const attempts = await db
    .selectFrom('webhook_attempts')
    .selectAll()
    .where(
      'delivery_id',
      'in',
      deliveries.map((delivery) => delivery.id),
    )
    .orderBy('attempted_at')
    .execute()
  return deliveries.map((delivery) => ({
    id: delivery.id,
    type: delivery.event_type,
    state: delivery.state,
    createdAt: delivery.created_at,
    nextAttemptAt: delivery.state === 'pending' ? delivery.next_attempt_at : null,
    attempts: attempts
      .filter((attempt) => attempt.delivery_id === delivery.id)
      .map((attempt) => ({ at: attempt.attempted_at, status: attempt.status, error: attempt.error })),
  }))
}

export async function listEndpoints(db: Kysely<Database>, userId: string): Promise<WebhookEndpointView[]> {
  const rows = await db
    .selectFrom('webhook_endpoints')
    .select(['id', 'url', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute()
  return Promise.all(rows.map(async (row) => ({ id: row.id, url: row.url, createdAt: row.created_at, deliveries: await latestDeliveries(db, row.id) })))
}

/** The account's endpoints for its data export: addresses and dates, never the secrets. */
export async function endpointsForExport(db: Kysely<Database>, userId: string) {
  const rows = await db.selectFrom('webhook_endpoints').select(['url', 'created_at']).where('user_id', '=', userId).orderBy('created_at').execute()
  return rows.map((row) => ({ url: row.url, createdAt: row.created_at }))
}
