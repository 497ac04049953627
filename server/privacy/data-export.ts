import type { Kysely } from 'kysely'
import type { DataExport } from '../../contract/account.ts'
import { developerRecordsForExport } from '../api-keys/account-records.ts'
import type { Database } from '../db/schema.ts'
import { parseJobParams } from '../domain/generations-params.ts'
import { creditsFromHundredths } from '../domain/users.ts'
import { mediaOfUser } from '../media/catalog.ts'
import { keyOfRef } from '../media/keys.ts'
import type { MediaLinks } from '../media/links.ts'
import { findSpeech } from '../providers/speech/speech-words.ts'
import { supportMessagesOf } from './account-records.ts'

// "Download my data" (docs/decisions/0265): one JSON file with the account,
// the whole credit ledger (it sums to the balance), purchases, every job with
// its settings, the user's messages and bug reports, what is known of the
// words in their audio (transcripts), and a signed media link
// (docs/decisions/0221) to each video, voice, caption file and upload that
// works for EXPORT_LINK_LIFETIME_SECONDS. API keys and webhook endpoints are
// listed by name, address and dates, never their secrets (docs/decisions/0401).

/** spec-silent: long enough to fetch every video on a slow connection the same day. */
export const EXPORT_LINK_LIFETIME_SECONDS = 24 * 60 * 60

/** When a signed link stops working: its `exp` (the signer rounds it up to a quarter hour). */
function expiryOf(link: string): Date {
  return new Date(Number(new URL(link).searchParams.get('exp')) * 1000)
}

/** Params as the user set them, without the stored input's internal names; null when unreadable. */
function settingsOf(params: string): unknown {
  try {
    const { input, settings } = parseJobParams(params)
    return { ...settings, input }
  } catch {
    return null
  }
}

export async function exportAccountData(db: Kysely<Database>, links: Pick<MediaLinks, 'sign'>, owner: { userId: string }, now: Date): Promise<DataExport> {
  // Every link of the file is signed now for the same lifetime, so they share one expiry.
  let linksExpireAt = new Date(now.getTime() + EXPORT_LINK_LIFETIME_SECONDS * 1000)
  const linkTo = (key: string) => {
    const link = links.sign(key, EXPORT_LINK_LIFETIME_SECONDS)
    linksExpireAt = expiryOf(link)
    return { name: key, link }
  }
  const ownMedia = await mediaOfUser(db, owner.userId)
  const owned = new Set(ownMedia.map((object) => object.key))
  /** A job's file: a link when it is a stored object of the user's; an outside URL or a gone file has none. */
  const fileOf = (ref: string | null) => {
    const key = ref === null ? null : keyOfRef(ref)
    return key !== null && owned.has(key) ? linkTo(key) : null
  }
  const captionsOf = (vttRef: string | null, srtRef: string | null) => {
    const vtt = fileOf(vttRef)
    const srt = fileOf(srtRef)
    return vtt === null || srt === null ? null : { vtt, srt }
  }
  const user = await db.selectFrom('users').selectAll().where('_id', '=', owner.userId).executeTakeFirstOrThrow()
  const ledger = await db.selectFrom('credit_ledger').selectAll().where('user_id', '=', owner.userId).orderBy('created_at').orderBy('id').execute()
  const purchases = await db.selectFrom('checkout_sessions').selectAll().where('user_id', '=', owner.userId).orderBy('created_at').execute()
  const jobs = await db.selectFrom('generations').selectAll().where('user_id', '=', owner.userId).orderBy('created_at').execute()
  const { messages, bugReports } = supportMessagesOf(db, owner.userId)
  const speech = await db.selectFrom('speech_words').select('audio_key').where('user_id', '=', owner.userId).orderBy('created_at').execute()

  const generations = jobs.map((job) => ({
    id: job.id,
    kind: job.kind,
    status: job.status,
    createdAt: job.created_at,
    prompt: job.prompt,
    settings: settingsOf(job.params),
    costCredits: creditsFromHundredths(job.cost_hundredths),
    error: job.error,
    // A voice's result is an audio, not a video (docs/decisions/0232).
    video: job.kind === 'voice' ? null : fileOf(job.output_url),
    audio: job.kind === 'voice' ? fileOf(job.output_url) : null,
    captions: captionsOf(job.captions_vtt_url, job.captions_srt_url),
  }))
  const uploads = ownMedia
    .filter((object) => object.origin === 'upload')
    .toReversed()
    .map((object) => ({ ...linkTo(object.key), contentType: object.contentType, bytes: object.bytes, uploadedAt: object.createdAt }))
  const transcripts = (await Promise.all(speech.map((row) => findSpeech(db, row.audio_key)))).flatMap((known) =>
    known === null
      ? []
      : [{ audio: known.audioKey, language: known.language, seconds: known.seconds, timing: known.words?.timing ?? null, words: known.words?.list ?? [] }],
  )

  return {
    format: 'actorly-data-export',
    version: 1,
    exportedAt: now.toISOString(),
    linksExpireAt: linksExpireAt.toISOString(),
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
    generations,
    uploads,
    transcripts,
    messages: (await messages.orderBy('created_at').execute()).map((message) => ({
      id: message.id,
      sentAt: message.created_at,
      name: message.user_name,
      email: message.email,
      subject: message.subject,
      message: message.message,
    })),
    ...(await developerRecordsForExport(db, owner.userId)),
    bugReports: (await bugReports.orderBy('created_at').execute()).map((report) => ({
      id: report.id,
      sentAt: report.created_at,
      email: report.user_email,
      message: report.message,
      attachment: report.attachment,
    })),
  }
}
