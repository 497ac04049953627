import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.ts'
import { recordJobOutput } from '../media/catalog.ts'
import { keyOfRef, mediaRef } from '../media/keys.ts'
import type { MediaLinks } from '../media/links.ts'
import { storedTypeByExt } from '../media/media-types.ts'
import type { MediaStore, StoredObject } from '../media/store.ts'
import type { GenerationInput, OutputStore } from './provider.ts'

// The media store as the providers see it: finished MP4s in (owned by the
// job's user), inputs out as local files (the local renderer) or as signed
// links an outside service can fetch (fal).

/**
 * How long a link handed to the generation provider works: longer than any
 * job may run (JOB_LIMITS.falMaxAgeMs is 30 minutes), short enough that a
 * leaked provider log does not expose the file for long.
 */
export const PROVIDER_LINK_SECONDS = 2 * 60 * 60

const MP4 = storedTypeByExt('mp4')

export interface OutputStoreDeps {
  links: MediaLinks
  /** Records a finished video as its job's user's (server/media/catalog.ts recordJobOutput). */
  recordOutput(stored: StoredObject, jobId: string): Promise<void>
}

/** The catalogue in the database records who owns a job's video. */
export const recordOutputIn =
  (db: Kysely<Database>): OutputStoreDeps['recordOutput'] =>
  (stored, jobId) =>
    recordJobOutput(db, stored, jobId)

export function outputStoreFrom(store: MediaStore, deps: OutputStoreDeps): OutputStore {
  return {
    tempDir: store.tempDir,
    async saveVideo(file, job) {
      if (MP4 === undefined) throw new Error('mp4 is not a stored media type')
      const stored = await store.putFile(file, MP4)
      try {
        await deps.recordOutput(stored, job.jobId)
      } catch (error) {
        await store.delete(stored.key)
        throw error
      }
      return mediaRef(stored.key)
    },
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
  }
}
