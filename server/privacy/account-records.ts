import type { Kysely, Transaction } from 'kysely'
import type { Database } from '../db/schema.ts'
import { lockUserMoney } from '../domain/reversal-ledger.ts'

// What belongs to one account in the database (for its deletion and its
// export). Support messages sent from the account's address while signed out
// belong to it too. Its stored media are in the media catalogue
// (./account-media.ts).

type Reader = Kysely<Database> | Transaction<Database>

/** The account's contact messages and bug reports, by its id or, sent signed out, by its address. */
export function supportMessagesOf(db: Reader, owner: { userId: string; email: string | null }) {
  const messages = db
    .selectFrom('messages')
    .selectAll()
    .where((eb) => (owner.email === null ? eb('user_id', '=', owner.userId) : eb.or([eb('user_id', '=', owner.userId), eb('email', '=', owner.email)])))
  const bugReports = db
    .selectFrom('bug_reports')
    .selectAll()
    .where((eb) => (owner.email === null ? eb('user_id', '=', owner.userId) : eb.or([eb('user_id', '=', owner.userId), eb('user_email', '=', owner.email)])))
  return { messages, bugReports }
}

/**
 * Deletes the account's rows in one transaction: support messages and their
 * outbox mail, jobs and their events (the event stream's rows), push
 * subscriptions and their pending messages, the credit
 * ledger and the user record. Checkout sessions
 * stay, their user emptied (docs/decisions/0261). The account's media must be
 * deleted and forgotten first (./account-media.ts): a catalogue row still
 * naming the user stops the transaction (its foreign key), and the step is
 * tried again.
 */
export async function deleteAccountRecords(db: Kysely<Database>, owner: { userId: string; email: string | null }): Promise<void> {
  await db.transaction().execute(async (trx) => {
    // The user's row first, as every money transaction takes it (a refund may be settling right now).
    await lockUserMoney(trx, owner.userId)
    const { messages, bugReports } = supportMessagesOf(trx, owner)
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
    await trx.deleteFrom('generations').where('user_id', '=', owner.userId).execute()
    await trx.deleteFrom('credit_ledger').where('user_id', '=', owner.userId).execute()
    await trx.updateTable('checkout_sessions').set({ user_id: null }).where('user_id', '=', owner.userId).execute()
    await trx.deleteFrom('users').where('_id', '=', owner.userId).execute()
  })
}
