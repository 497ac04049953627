import { rm } from 'node:fs/promises'
import path from 'node:path'
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.ts'
import { takePosterFrame } from '../render/poster-frame.ts'
import { makeWorkDir } from '../render/work-dirs.ts'
import { forgetMedia, recordMedia } from './catalog.ts'
import { keyOfRef, mediaRef } from './keys.ts'
import { storedTypeByExt } from './media-types.ts'
import type { LocalCopy, MediaStore } from './store.ts'

// Poster frames of finished videos (docs/decisions/0163): the video is read
// from the media store (the disk store hands out its own file; Cloud Storage
// a local copy), ffmpeg takes the frame, and the JPEG goes into the store
// beside the video, owned by the same user, so it is served and deleted with
// the rest of their media.

export interface TakenPoster {
  /** `/media/<key>.jpg`. */
  posterRef: string
  /** The video's length as its header states it; null when it states none. */
  durationMs: number | null
}

export type PosterOutcome = { ok: true; poster: TakenPoster } | { ok: false; reason: string }

export interface Posters {
  /** Takes the poster of one of our stored videos (`/media/<key>`) as `ownerUserId`'s; never throws. */
  take(videoRef: string, ownerUserId: string, signal?: AbortSignal): Promise<PosterOutcome>
  /** Removes a poster that no job names after all (its job ended elsewhere meanwhile). */
  discard(posterRef: string): Promise<void>
}

const JPEG = storedTypeByExt('jpg')

export function createPosters(deps: { store: MediaStore; db: Kysely<Database> }): Posters {
  const { store, db } = deps

  async function take(videoRef: string, ownerUserId: string, signal?: AbortSignal): Promise<TakenPoster> {
    const key = keyOfRef(videoRef)
    if (key === null) throw new Error('not a video of our media store')
    if (JPEG === undefined) throw new Error('jpg is not a stored media type')
    const workDir = await makeWorkDir('job', store.tempDir)
    let copy: LocalCopy | null = null
    try {
      copy = await store.materialise(key, signal)
      const posterFile = path.join(workDir, 'poster.jpg')
      const frame = await takePosterFrame(copy.file, posterFile, signal)
      const stored = await store.putFile(posterFile, JPEG)
      try {
        await recordMedia(db, stored, { userId: ownerUserId, origin: 'output' })
      } catch (error) {
        await store.delete(stored.key)
        throw error
      }
      return { posterRef: mediaRef(stored.key), durationMs: frame.videoSeconds === null ? null : Math.round(frame.videoSeconds * 1000) }
    } finally {
      await copy?.release()
      await rm(workDir, { recursive: true, force: true })
    }
  }

  return {
    async take(videoRef, ownerUserId, signal) {
      try {
        return { ok: true, poster: await take(videoRef, ownerUserId, signal) }
      } catch (error) {
        return { ok: false, reason: error instanceof Error ? error.message : String(error) }
      }
    },
    async discard(posterRef) {
      const key = keyOfRef(posterRef)
      if (key === null) return
      await store.delete(key)
      await forgetMedia(db, key)
    },
  }
}
