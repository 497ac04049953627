import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.ts'
import { recordJobOutput } from '../media/catalog.ts'
import { keyOfRef, mediaRef } from '../media/keys.ts'
import type { MediaLinks } from '../media/links.ts'
import { storedTypeByExt, type StoredMediaType } from '../media/media-types.ts'
import type { MediaOrigin } from '../db/schema-shared.ts'
import { saveSpeech } from './speech/speech-words.ts'
import type { MediaStore, StoredObject } from '../media/store.ts'
import type { GenerationInput, OutputStore, SpeechFacts } from './provider.ts'

// The media store as the providers see it: finished MP4s in (owned by the
// job's user), inputs out as local files (the local renderer) or as signed
// links an outside service can fetch (fal).

/**
 * How long a link handed to the generation provider works: longer than any
 * job may run (JOB_LIMITS.falMaxAgeMs is 30 minutes), short enough that a
 * leaked provider log does not expose the file for long.
 */
export const PROVIDER_LINK_SECONDS = 2 * 60 * 60

export interface OutputStoreDeps {
  links: MediaLinks
  /** Records a finished file as its job's user's (server/media/catalog.ts recordJobOutput): an output, or a voice's upload. */
  recordOutput(stored: StoredObject, jobId: string, origin?: MediaOrigin): Promise<void>
  /** Keeps a voice's length and timed words by its key (./speech/speech-words.ts). */
  recordSpeech(key: string, jobId: string, speech: SpeechFacts): Promise<void>
}

/** The catalogue in the database records who owns a job's files; the voice's words go beside it. */
export function recordOutputIn(db: Kysely<Database>): Pick<OutputStoreDeps, 'recordOutput' | 'recordSpeech'> {
  return {
    recordOutput: (stored, jobId, origin) => recordJobOutput(db, stored, jobId, origin),
    async recordSpeech(key, jobId, speech) {
      const job = await db.selectFrom('generations').select('user_id').where('id', '=', jobId).executeTakeFirstOrThrow()
      await saveSpeech(db, { audioKey: key, userId: job.user_id, seconds: speech.seconds, language: speech.language, words: speech.words })
    },
  }
}

function storedType(ext: string): StoredMediaType {
  const type = storedTypeByExt(ext)
  if (type === undefined) throw new Error(`${ext} is not a stored media type`)
  return type
}

export function outputStoreFrom(store: MediaStore, deps: OutputStoreDeps): OutputStore {
  /** Moves the file in and records it; nothing stays in the store when recording fails. */
  async function keep(file: string, ext: string, record: (stored: StoredObject) => Promise<void>): Promise<string> {
    const stored = await store.putFile(file, storedType(ext))
    try {
      await record(stored)
    } catch (error) {
      await store.delete(stored.key)
      throw error
    }
    return mediaRef(stored.key)
  }
  return {
    tempDir: store.tempDir,
    saveVideo: (file, job) => keep(file, 'mp4', (stored) => deps.recordOutput(stored, job.jobId)),
    saveCaptionFile: (file, ext, job) => keep(file, ext, (stored) => deps.recordOutput(stored, job.jobId)),
    saveVoice: (file, ext, job, speech) =>
      keep(file, ext, async (stored) => {
        await deps.recordOutput(stored, job.jobId, 'upload')
        await deps.recordSpeech(stored.key, job.jobId, speech)
      }),
    async localFileFor(url, signal) {
      const key = keyOfRef(url)
      return key === null ? null : store.materialise(key, signal)
    },
    fetchableUrl(url) {
      const key = keyOfRef(url)
      return key === null ? url : deps.links.sign(key, PROVIDER_LINK_SECONDS)
    },
  }
}

/** The job's input with our own media references turned into links the provider can fetch. */
export function fetchableInput(input: GenerationInput, store: Pick<OutputStore, 'fetchableUrl'>): GenerationInput {
  switch (input.kind) {
    case 'ugc':
      return input
    case 'lipsync':
      return { ...input, videoUrl: store.fetchableUrl(input.videoUrl), audioUrl: store.fetchableUrl(input.audioUrl) }
    case 'consistent':
      return { ...input, imageUrl: store.fetchableUrl(input.imageUrl) }
    case 'voice':
      return input
  }
}
