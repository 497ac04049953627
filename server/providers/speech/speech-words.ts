import type { Kysely } from 'kysely'
import { z } from 'zod'
import { CAPTION_TIMINGS, captionWordSchema, type CaptionTiming, type CaptionWord } from '../../../contract/captions.ts'
import { SPEECH_LANGUAGES, type SpeechLanguage } from '../../../contract/constants.ts'
import type { Database } from '../../db/schema.ts'

// A stored audio's length and timed words (table speech_words,
// docs/decisions/0234), by its media key: written when a voice is made,
// completed when a speech-to-text model times an audio, read to make captions
// and the voice's answer.

export interface StoredSpeech {
  audioKey: string
  userId: string
  seconds: number
  language: SpeechLanguage
  /** null while no word times are known. */
  words: { timing: CaptionTiming; list: CaptionWord[] } | null
}

const wordsSchema = z.array(captionWordSchema)

export async function saveSpeech(db: Kysely<Database>, speech: StoredSpeech): Promise<void> {
  const row = {
    audio_key: speech.audioKey,
    user_id: speech.userId,
    audio_seconds: speech.seconds,
    language: speech.language,
    timing: speech.words?.timing ?? null,
    words: JSON.stringify(speech.words?.list ?? []),
  }
  await db
    .insertInto('speech_words')
    .values(row)
    .onConflict((oc) => oc.column('audio_key').doUpdateSet({ timing: row.timing, words: row.words, language: row.language }))
    .execute()
}

export async function findSpeech(db: Kysely<Database>, audioKey: string): Promise<StoredSpeech | null> {
  const row = await db.selectFrom('speech_words').selectAll().where('audio_key', '=', audioKey).executeTakeFirst()
  if (row === undefined) return null
  const language = SPEECH_LANGUAGES.find((known) => known === row.language) ?? 'en'
  const timing = CAPTION_TIMINGS.find((known) => known === row.timing)
  const parsed = wordsSchema.safeParse(JSON.parse(row.words))
  const words = timing !== undefined && parsed.success ? { timing, list: parsed.data } : null
  return { audioKey: row.audio_key, userId: row.user_id, seconds: row.audio_seconds, language, words }
}
