import type { Kysely, Transaction } from 'kysely'
import { deleteDeveloperRecords } from '../api-keys/account-records.ts'
import type { Database } from '../db/schema.ts'
import { lockUserMoney } from '../domain/reversal-ledger.ts'

// What belongs to one account in the database (for its deletion and its
// export). Support messages belong to it when they were sent signed in as it:
// anyone can type an address into the signed-out forms, so one sent signed
// out is nobody's, and retention removes it (docs/decisions/0269). Its stored
// media are in the media catalogue (./account-media.ts).

type Reader = Kysely<Database> | Transaction<Database>

/** The contact messages and bug reports the account sent signed in. */
export function supportMessagesOf(db: Reader, userId: string) {
  const messages = db.selectFrom('messages').selectAll().where('user_id', '=', userId)
  const bugReports = db.selectFrom('bug_reports').selectAll().where('user_id', '=', userId)
  return { messages, bugReports }
}

/**
 * Deletes the account's rows in one transaction: support messages and their
 * outbox mail, jobs and their events (the event stream's rows), push
 * subscriptions and their pending messages, API keys and webhook endpoints, the credit
 * ledger and the user record. Checkout sessions
 * stay, their user emptied (docs/decisions/0261). The account's media must be
 * deleted and forgotten first (./account-media.ts): a catalogue row still
 * naming the user stops the transaction (its foreign key), and the step is
 * tried again.
 */
export async function deleteAccountRecords(db: Kysely<Database>, owner: { userId: string }): Promise<void> {
  await db.transaction().execute(async (trx) => {
    // The user's row first, as every money transaction takes it (a refund may be settling right now).
    await lockUserMoney(trx, owner.userId)
    const { messages, bugReports } = supportMessagesOf(trx, owner.userId)
    const sourceIds = [...(await messages.execute()).map((row) => row.id), ...(await bugReports.execute()).map((row) => row.id)]
    if (sourceIds.length > 0) {
      await trx.deleteFrom('outbox').where('source_id', 'in', sourceIds).execute()
      await trx.deleteFrom('messages').where('id', 'in', sourceIds).execute()
      await trx.deleteFrom('bug_reports').where('id', 'in', sourceIds).execute()
    }
    await trx.deleteFrom('job_events').where('user_id', '=', owner.userId).execute()
    // Push: the account's devices and any message still owed to them (docs/decisions/0280).
    const subscriptions = trx.selectFrom('push_subscriptions').select('id').where('user_id', '=', owner.userId)
    const jobs = trx.selectFrom('generations').select('id').where('user_id', '=', owner.userId)
    await trx
      .deleteFrom('push_deliveries')
      .where((eb) => eb.or([eb('subscription_id', 'in', subscriptions), eb('job_id', 'in', jobs)]))
      .execute()
    await trx.deleteFrom('push_subscriptions').where('user_id', '=', owner.userId).execute()
    // The developer API's keys, webhook endpoints and their deliveries (docs/decisions/0401, 0405).
    await deleteDeveloperRecords(trx, owner.userId)
    await trx.deleteFrom('generations').where('user_id', '=', owner.userId).execute()
    await trx.deleteFrom('credit_ledger').where('user_id', '=', owner.userId).execute()
    await trx.updateTable('checkout_sessions').set({ user_id: null }).where('user_id', '=', owner.userId).execute()
    await trx.deleteFrom('users').where('_id', '=', owner.userId).execute()
  })
}
