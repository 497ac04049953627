import { randomUUID } from 'node:crypto'
import type { Kysely, Selectable, Transaction } from 'kysely'
import { PUSH_MAX_DEVICES } from '../../contract/constants.ts'
import type { PushLanguage } from '../../contract/push.ts'
import { isPostgres } from '../db/dialect-of.ts'
import type { Database } from '../db/schema.ts'
import type { PushSubscriptionsTable } from '../db/schema-push.ts'
import { withWriteTransaction } from '../db/transaction.ts'

// Each device's push subscription (docs/decisions/0280): one row per endpoint
// (a browser on a device), owned by the user signed in there, with the
// language its notifications are shown in. A device that subscribes again
// under another account moves to that account; its old owner's unsent
// messages are not delivered there. An account has at most PUSH_MAX_DEVICES:
// a new one replaces the one saved longest ago (docs/decisions/0283).

export type PushSubscriptionRow = Selectable<PushSubscriptionsTable>

export interface DeviceSubscription {
  endpoint: string
  keys: { p256dh: string; auth: string }
  language: PushLanguage
}

/** The device subscriptions of one user, the most recently saved first. */
const newestFirst = (db: Kysely<Database>, userId: string) =>
  db
    .selectFrom('push_subscriptions')
    .select('id')
    .where('user_id', '=', userId)
    .orderBy('updated_at', 'desc')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')

async function deleteSubscriptions(trx: Transaction<Database>, ids: readonly string[]): Promise<number> {
  if (ids.length === 0) return 0
  // SQLite does not enforce the foreign keys' cascade: the outbox rows go first, explicitly.
  await trx.deleteFrom('push_deliveries').where('subscription_id', 'in', ids).execute()
  const result = await trx.deleteFrom('push_subscriptions').where('id', 'in', ids).executeTakeFirst()
  return Number(result.numDeletedRows)
}

/** Saves (or refreshes) this device's subscription for the user; answers its id. Past PUSH_MAX_DEVICES, the oldest go. */
export async function savePushSubscription(db: Kysely<Database>, userId: string, device: DeviceSubscription): Promise<string> {
  return withWriteTransaction(db, async (trx) => {
    // One save per account at a time, so two at once cannot leave one device too many (SQLite has one writer).
    if (isPostgres(db)) await trx.selectFrom('users').select('_id').where('_id', '=', userId).forUpdate().execute()
    const id = await upsert(trx, userId, device)
    const devices = await newestFirst(trx, userId).execute()
    await deleteSubscriptions(
      trx,
      devices.slice(PUSH_MAX_DEVICES).map((row) => row.id),
    )
    return id
  })
}

/** Inserts the device, or moves and refreshes it (an unsent message of another owner is not delivered). */
async function upsert(trx: Transaction<Database>, userId: string, device: DeviceSubscription): Promise<string> {
  const now = new Date().toISOString()
  const existing = await trx.selectFrom('push_subscriptions').select(['id', 'user_id']).where('endpoint', '=', device.endpoint).executeTakeFirst()
  if (existing === undefined) {
    const id = randomUUID()
    await trx
      .insertInto('push_subscriptions')
      .values({
        id,
        user_id: userId,
        endpoint: device.endpoint,
        p256dh: device.keys.p256dh,
        auth: device.keys.auth,
        language: device.language,
        updated_at: now,
      })
      .execute()
    return id
  }
  if (existing.user_id !== userId) await trx.deleteFrom('push_deliveries').where('subscription_id', '=', existing.id).execute()
  await trx
    .updateTable('push_subscriptions')
    .set({ user_id: userId, p256dh: device.keys.p256dh, auth: device.keys.auth, language: device.language, updated_at: now })
    .where('id', '=', existing.id)
    .execute()
  return existing.id
}

async function removeWhere(db: Kysely<Database>, ids: readonly string[]): Promise<number> {
  if (ids.length === 0) return 0
  return withWriteTransaction(db, (trx) => deleteSubscriptions(trx, ids))
}

/** Sign-out on a device: forgets its subscription when the endpoint and its auth secret match (the device's proof). */
export async function removeDeviceSubscription(db: Kysely<Database>, endpoint: string, auth: string): Promise<boolean> {
  const rows = await db.selectFrom('push_subscriptions').select('id').where('endpoint', '=', endpoint).where('auth', '=', auth).execute()
  return (
    (await removeWhere(
      db,
      rows.map((row) => row.id),
    )) > 0
  )
}

/** The push service said the subscription is gone (404/410). */
export async function removePushSubscription(db: Kysely<Database>, subscriptionId: string): Promise<void> {
  await removeWhere(db, [subscriptionId])
}

/** Account deletion: every device subscription of the user, with their unsent messages. Answers how many went. */
export async function deleteUserPushSubscriptions(db: Kysely<Database>, userId: string): Promise<number> {
  const rows = await db.selectFrom('push_subscriptions').select('id').where('user_id', '=', userId).execute()
  return removeWhere(
    db,
    rows.map((row) => row.id),
  )
}

export function userPushSubscriptions(db: Kysely<Database>, userId: string): Promise<PushSubscriptionRow[]> {
  return db.selectFrom('push_subscriptions').selectAll().where('user_id', '=', userId).orderBy('created_at').execute()
}
