import type { Kysely, Transaction } from 'kysely'
import type { Database } from '../db/schema.ts'
import { parseJobParams } from '../domain/generations-params.ts'
import type { AccountMediaFiles } from './account-media.ts'

// What belongs to one account in the database and the media store (for its
// deletion and its export). Support messages sent from the account's address
// while signed out belong to it too.

type Reader = Kysely<Database> | Transaction<Database>

/** The media URLs a job's input names (lip-sync video and audio, the consistent actor's face). */
export function inputUrlsOf(params: string): string[] {
  try {
    const { input } = parseJobParams(params)
    if (input.kind === 'lipsync') return [input.videoUrl, input.audioUrl]
    if (input.kind === 'consistent') return [input.imageUrl]
    return []
  } catch {
    return []
  }
}

/** Whether a stored file is another account's upload or video (a URL can be shared and used as an input). */
async function belongsToAnother(db: Reader, name: string, url: string, userId: string): Promise<boolean> {
  const upload = await db.selectFrom('uploads').select('user_id').where('name', '=', name).executeTakeFirst()
  if (upload !== undefined) return upload.user_id !== userId
  const output = await db.selectFrom('generations').select('id').where('output_url', '=', url).where('user_id', '!=', userId).executeTakeFirst()
  return output !== undefined
}

/** Every stored file of the account: its uploads, its videos and thumbnails, and the inputs its jobs used that are nobody else's. */
export async function mediaNamesOfAccount(db: Reader, media: AccountMediaFiles, userId: string): Promise<string[]> {
  const names = new Set<string>()
  for (const upload of await db.selectFrom('uploads').select('name').where('user_id', '=', userId).execute()) names.add(upload.name)
  const jobs = await db.selectFrom('generations').select(['output_url', 'thumbnail_url', 'params']).where('user_id', '=', userId).execute()
  for (const job of jobs) {
    for (const url of [job.output_url, job.thumbnail_url]) {
      const name = url === null ? null : media.nameOf(url)
      if (name !== null) names.add(name)
    }
    for (const url of inputUrlsOf(job.params)) {
      const name = media.nameOf(url)
      if (name !== null && !names.has(name) && !(await belongsToAnother(db, name, url, userId))) names.add(name)
    }
  }
  return [...names]
}

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
 * outbox mail, uploads, jobs, the credit ledger and the user record. Checkout
 * sessions stay, their user emptied (docs/decisions/0261). Answers the media
 * names the deleted rows still named, for the caller to delete after commit.
 */
export async function deleteAccountRecords(db: Kysely<Database>, media: AccountMediaFiles, owner: { userId: string; email: string | null }): Promise<string[]> {
  return db.transaction().execute(async (trx) => {
    const { messages, bugReports } = supportMessagesOf(trx, owner)
    const sourceIds = [...(await messages.execute()).map((row) => row.id), ...(await bugReports.execute()).map((row) => row.id)]
    if (sourceIds.length > 0) {
      await trx.deleteFrom('outbox').where('source_id', 'in', sourceIds).execute()
      await trx.deleteFrom('messages').where('id', 'in', sourceIds).execute()
      await trx.deleteFrom('bug_reports').where('id', 'in', sourceIds).execute()
    }
    const names = await mediaNamesOfAccount(trx, media, owner.userId)
    await trx.deleteFrom('uploads').where('user_id', '=', owner.userId).execute()
    await trx.deleteFrom('generations').where('user_id', '=', owner.userId).execute()
    await trx.deleteFrom('credit_ledger').where('user_id', '=', owner.userId).execute()
    await trx.updateTable('checkout_sessions').set({ user_id: null }).where('user_id', '=', owner.userId).execute()
    await trx.deleteFrom('users').where('_id', '=', owner.userId).execute()
    return names
  })
}
