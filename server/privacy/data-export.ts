import type { Kysely } from 'kysely'
import type { DataExport } from '../../contract/account.ts'
import type { Database } from '../db/schema.ts'
import { parseJobParams } from '../domain/generations-params.ts'
import { creditsFromHundredths } from '../domain/users.ts'
import type { AccountMediaFiles } from './account-media.ts'
import { supportMessagesOf } from './account-records.ts'

// "Download my data" (docs/decisions/0265): one JSON file with the account,
// the whole credit ledger (it sums to the balance), purchases, every job with
// its settings, the user's messages and bug reports, and a link to each video
// and upload that works for EXPORT_LINK_LIFETIME_MS.

/** spec-silent: long enough to fetch every video on a slow connection the same day. */
export const EXPORT_LINK_LIFETIME_MS = 24 * 60 * 60_000

/** Params as the user set them, without the stored input's internal names; null when unreadable. */
function settingsOf(params: string): unknown {
  try {
    const { input, settings } = parseJobParams(params)
    return { ...settings, input }
  } catch {
    return null
  }
}

export async function exportAccountData(
  db: Kysely<Database>,
  media: AccountMediaFiles,
  owner: { userId: string; email: string },
  now: Date,
): Promise<DataExport> {
  const expiresAt = new Date(now.getTime() + EXPORT_LINK_LIFETIME_MS)
  const linkTo = (urlOrName: string | null) => {
    const name = urlOrName === null ? null : media.nameOf(urlOrName)
    return name === null ? null : { name, link: media.temporaryLink(name, expiresAt) }
  }
  const user = await db.selectFrom('users').selectAll().where('_id', '=', owner.userId).executeTakeFirstOrThrow()
  const ledger = await db.selectFrom('credit_ledger').selectAll().where('user_id', '=', owner.userId).orderBy('created_at').orderBy('id').execute()
  const purchases = await db.selectFrom('checkout_sessions').selectAll().where('user_id', '=', owner.userId).orderBy('created_at').execute()
  const jobs = await db.selectFrom('generations').selectAll().where('user_id', '=', owner.userId).orderBy('created_at').execute()
  const uploads = await db.selectFrom('uploads').selectAll().where('user_id', '=', owner.userId).orderBy('created_at').execute()
  const { messages, bugReports } = supportMessagesOf(db, { userId: owner.userId, email: owner.email })

  return {
    format: 'actorly-data-export',
    version: 1,
    exportedAt: now.toISOString(),
    linksExpireAt: expiresAt.toISOString(),
    account: { id: user._id, email: user.email, name: user.name, createdAt: user.created_at, credits: creditsFromHundredths(user.credits_hundredths) },
    creditLedger: ledger.map((entry) => ({ at: entry.created_at, credits: creditsFromHundredths(entry.amount_hundredths), reason: entry.reason })),
    purchases: purchases.map((session) => ({
      id: session.id,
      provider: session.provider,
      tier: session.tier,
      amountUsd: session.amount_cents / 100,
      credits: session.credits,
      status: session.status,
      createdAt: session.created_at,
      paidAt: session.fulfilled_at,
      refundedUsd: session.refunded_cents / 100,
    })),
    generations: jobs.map((job) => ({
      id: job.id,
      kind: job.kind,
      status: job.status,
      createdAt: job.created_at,
      prompt: job.prompt,
      settings: settingsOf(job.params),
      costCredits: creditsFromHundredths(job.cost_hundredths),
      error: job.error,
      video: linkTo(job.output_url),
    })),
    uploads: uploads.flatMap((upload) => {
      const link = linkTo(upload.name)
      return link === null ? [] : [{ ...link, kind: upload.kind, bytes: upload.bytes, uploadedAt: upload.created_at }]
    }),
    messages: (await messages.orderBy('created_at').execute()).map((message) => ({
      id: message.id,
      sentAt: message.created_at,
      name: message.user_name,
      email: message.email,
      subject: message.subject,
      message: message.message,
    })),
    bugReports: (await bugReports.orderBy('created_at').execute()).map((report) => ({
      id: report.id,
      sentAt: report.created_at,
      email: report.user_email,
      message: report.message,
      attachment: report.attachment,
    })),
  }
}
