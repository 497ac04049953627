import type { Kysely, Transaction } from 'kysely'
import type { Database } from '../db/schema.ts'
import { keysForExport } from './api-keys.ts'
import { endpointsForExport } from '../webhooks/endpoints.ts'

// What the developer API keeps of an account (docs/decisions/0401, 0405),
// for its deletion and its data export (server/privacy/).

/** Deletes the account's keys, remembered creates, webhook endpoints and their deliveries; inside the deletion's transaction. */
export async function deleteDeveloperRecords(trx: Transaction<Database>, userId: string): Promise<void> {
  const endpoints = trx.selectFrom('webhook_endpoints').select('id').where('user_id', '=', userId)
  const deliveries = trx.selectFrom('webhook_deliveries').select('id').where('endpoint_id', 'in', endpoints)
  await trx.deleteFrom('webhook_attempts').where('delivery_id', 'in', deliveries).execute()
  await trx.deleteFrom('webhook_deliveries').where('endpoint_id', 'in', endpoints).execute()
  await trx.deleteFrom('webhook_endpoints').where('user_id', '=', userId).execute()
  await trx.deleteFrom('api_idempotency_keys').where('user_id', '=', userId).execute()
  await trx.deleteFrom('api_keys').where('user_id', '=', userId).execute()
}

/** Key names, prefixes and dates, and endpoint addresses and dates: never a key or a signing secret. */
export async function developerRecordsForExport(db: Kysely<Database>, userId: string) {
  return { apiKeys: await keysForExport(db, userId), webhookEndpoints: await endpointsForExport(db, userId) }
}
