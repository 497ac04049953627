import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { Readable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { completeJob, findJob, insertJob } from '../domain/generations-jobs.ts'
import { galleryPage } from '../domain/generations-gallery.ts'
import { POSTER_RETRY_AFTER_MS, videosWithoutPoster } from '../domain/generations-posters.ts'
import { createLogger } from '../logger.ts'
import { mediaOwner } from '../media/catalog.ts'
import { keyOfRef, mediaRef } from '../media/keys.ts'
import { storedTypeByExt } from '../media/media-types.ts'
import { createPosters } from '../media/posters.ts'
import { createDiskMediaStore, type MediaStore } from '../media/store.ts'
import { makeVideo } from '../render/testing/media-fixtures.ts'
import { createSignedInUser, createTestServer, testDatabases, type TestServer } from '../testing/harness.ts'
import { backfillPosters } from './poster-backfill.ts'

// Videos finished before poster frames existed get one from the backfill
// (docs/decisions/0163): real MP4s in the disk store, real JPEGs out, owned by
// the video's user; a file ffmpeg cannot read is marked and left for a day.

const MP4 = storedTypeByExt('mp4')

describe.each(testDatabases)('poster backfill on %s', (database) => {
  let server: TestServer
  let store: MediaStore
  let videoBytes: Buffer

  beforeAll(async () => {
    server = await createTestServer({ database })
    store = await createDiskMediaStore({ dir: path.join(server.dataDir, 'media') })
    const file = path.join(server.dataDir, 'clip.mp4')
    await makeVideo(file, 2, '360x640')
    videoBytes = await readFile(file)
  })
  afterAll(async () => {
    await server.close()
  })

  /** A finished UGC job as an older install left it: a video, no poster. */
  async function finishedJob(userId: string, outputUrl: string): Promise<string> {
    const params = {
      input: { kind: 'ugc' as const, prompt: 'p', seed: 1, durationSeconds: 2, enhanced: false },
      settings: { seed: 1, pro_mode: false, aspect_ratio: '9:16', resolution: '1080p' },
      demo: false,
    }
    const job = await insertJob(server.db, { userId, provider: 'local', params, prompt: 'An older video', costHundredths: 0 })
    await completeJob(server.db, job.id, { state: 'completed', progress: { current: 1, total: 1 }, outputUrl })
    return job.id
  }

  async function storedVideo(bytes: Buffer): Promise<string> {
    if (MP4 === undefined) throw new Error('mp4 is a stored type')
    return mediaRef((await store.put(Readable.from([bytes]), MP4)).key)
  }

  it('gives a finished video its poster and length, newest first, and marks a file it cannot read', async () => {
    const user = await createSignedInUser(server)
    const playable = await finishedJob(user.id, await storedVideo(videoBytes))
    const broken = await finishedJob(user.id, await storedVideo(Buffer.from('not a video at all')))
    // A video that stayed at an outside URL has nothing of ours to take a frame from.
    const outside = await finishedJob(user.id, 'https://cdn.example/video.mp4')
    const posters = createPosters({ store, db: server.db })
    const deps = { db: server.db, posters, log: createLogger('silent') }

    expect((await videosWithoutPoster(server.db, 10)).map((video) => video.id)).toEqual(expect.arrayContaining([playable, broken]))
    const round = await backfillPosters(deps)
    expect(round).toEqual({ taken: 1, failed: 1 })

    const row = await findJob(server.db, playable)
    const key = keyOfRef(row?.thumbnail_url ?? '')
    expect(key).toMatch(/\.jpg$/)
    expect(await mediaOwner(server.db, key ?? '')).toBe(user.id)
    const copy = await store.materialise(key ?? '')
    const jpeg = await readFile(copy.file)
    expect([...jpeg.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff])
    expect(row?.output_duration_ms).toBeGreaterThan(1900)
    expect(row?.output_duration_ms).toBeLessThan(2100)

    const page = await galleryPage(server.db, { userId: user.id, kind: 'ugc', page: 1, limit: 10 })
    const record = page.generations.find((generation) => generation._id === playable)
    expect(record).toMatchObject({ thumbnail_url: row?.thumbnail_url, durationSeconds: (row?.output_duration_ms ?? 0) / 1000 })

    expect((await findJob(server.db, broken))?.poster_failed_at).not.toBeNull()
    expect((await findJob(server.db, outside))?.thumbnail_url).toBeNull()
    // Nothing is tried twice in a row; the unreadable file comes back after a day.
    expect(await backfillPosters(deps)).toEqual({ taken: 0, failed: 0 })
    const dayLater = new Date(Date.now() + POSTER_RETRY_AFTER_MS + 60_000)
    expect((await videosWithoutPoster(server.db, 10, dayLater)).map((video) => video.id)).toContain(broken)
  })

  it('leaves a poster that arrived meanwhile and removes its own copy', async () => {
    const user = await createSignedInUser(server)
    const jobId = await finishedJob(user.id, await storedVideo(videoBytes))
    const real = createPosters({ store, db: server.db })
    let discarded: string | null = null
    // The job's worker records its poster while the backfill is still taking one.
    const racing = {
      async take(videoRef: string, owner: string) {
        const outcome = await real.take(videoRef, owner)
        await server.db.updateTable('generations').set({ thumbnail_url: '/media/00000000-0000-4000-8000-000000000000.jpg' }).where('id', '=', jobId).execute()
        return outcome
      },
      async discard(posterRef: string) {
        discarded = posterRef
        await real.discard(posterRef)
      },
    }
    expect(await backfillPosters({ db: server.db, posters: racing, log: createLogger('silent') }, 1)).toEqual({ taken: 0, failed: 0 })
    expect((await findJob(server.db, jobId))?.thumbnail_url).toBe('/media/00000000-0000-4000-8000-000000000000.jpg')
    expect(discarded).toMatch(/\.jpg$/)
    expect(await store.stat(keyOfRef(discarded ?? '') ?? '')).toBeNull()
    expect(await mediaOwner(server.db, keyOfRef(discarded ?? '') ?? '')).toBeNull()
  })
})
