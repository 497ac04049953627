import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.ts'
import { keyOfRef } from '../media/keys.ts'
import { findSpeech } from '../providers/speech/speech-words.ts'
import type { JobRow } from '../db/schema-generations.ts'
import { parseJobParams } from './generations-params.ts'

// A voice job as its owner reads it (contract/voice.ts): the job row, and
// once done the audio it stored as an upload, with the length and size the
// upload answer carries. Started through the generation service like any
// job (kind 'voice', docs/decisions/0232).

export interface VoiceRecord {
  row: JobRow
  text: string
  language: 'en' | 'de'
  voice: Extract<ReturnType<typeof parseJobParams>['input'], { kind: 'voice' }>['voice']
  /** The stored audio (its key, size and length) once the job completed. */
  audio: { key: string; bytes: number; seconds: number; createdAt: string } | null
}

async function audioOf(db: Kysely<Database>, row: JobRow): Promise<VoiceRecord['audio']> {
  const key = row.status === 'completed' && row.output_url !== null ? keyOfRef(row.output_url) : null
  if (key === null) return null
  const [speech, media] = await Promise.all([
    findSpeech(db, key),
    db.selectFrom('media_objects').select(['bytes', 'created_at']).where('key', '=', key).executeTakeFirst(),
  ])
  // Gone with the unused-upload rule (docs/decisions/0263): the voice has no audio any more.
  if (speech === null || media === undefined) return null
  return { key, bytes: media.bytes ?? 0, seconds: speech.seconds, createdAt: media.created_at }
}

async function recordOf(db: Kysely<Database>, row: JobRow | undefined): Promise<VoiceRecord | null> {
  if (row === undefined) return null
  const { input } = parseJobParams(row.params)
  if (input.kind !== 'voice') return null
  return { row, text: input.text, language: input.language, voice: input.voice, audio: await audioOf(db, row) }
}

/** The user's voice job, or null for an unknown id or anyone else's. */
export async function findVoice(db: Kysely<Database>, userId: string, jobId: string): Promise<VoiceRecord | null> {
  const row = await db
    .selectFrom('generations')
    .selectAll()
    .where('id', '=', jobId)
    .where('user_id', '=', userId)
    .where('kind', '=', 'voice')
    .executeTakeFirst()
  return recordOf(db, row)
}

/** The user's newest voice job (the page picks it up again after a reload), or null. */
export async function latestVoice(db: Kysely<Database>, userId: string): Promise<VoiceRecord | null> {
  const row = await db
    .selectFrom('generations')
    .selectAll()
    .where('user_id', '=', userId)
    .where('kind', '=', 'voice')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst()
  return recordOf(db, row)
}
