import { beforeEach, describe, expect, it, vi } from 'vitest'
import { pendingJob } from '@/jobs/testing/pending-job'
import { deviceDb } from './device-db'
import { accountsOnDevice, forgetSignedOut, forgetUser } from './forget'
import { countKeptVideos, keepVideo } from './kept-videos'
import { STORAGE_KEYS } from './names'
import { storeSharedFile, takeSharedFile } from './shared-file'
import { addUnseenVideo, unseenVideoCount } from './unseen-videos'

// What forgetting means on this device (docs/decisions/0310), against a real IndexedDB (fake-indexeddb).

const keep = (uid: string) => keepVideo({ uid, videoUrl: `https://actorly.test/media/${uid}.mp4`, videoId: uid, blob: new Blob([uid], { type: 'video/mp4' }) })
const page = (uid: string) => ({ uid, tab: 'ugc' as const, page: 1, answer: {}, fetchedAt: 1 })

beforeEach(async () => {
  localStorage.clear()
  sessionStorage.clear()
  await Promise.all([deviceDb.jobs.clear(), deviceDb.galleryPages.clear(), deviceDb.keptVideos.clear(), deviceDb.keptVideoChunks.clear()])
})

describe('forgetSignedOut', () => {
  it('clears the stored session at once but the device settings, then every saved gallery page, a shared file and the badge count', async () => {
    localStorage.setItem(STORAGE_KEYS.locale, 'de')
    localStorage.setItem(STORAGE_KEYS.iosHintDismissed, '1')
    localStorage.setItem(STORAGE_KEYS.sessionHint, 'u1')
    localStorage.setItem(STORAGE_KEYS.lastBalance, '{"uid":"u1","credits":3}')
    sessionStorage.setItem('draft', 'x')
    await deviceDb.galleryPages.bulkPut([page('u1'), page('u2')])
    await storeSharedFile(new File(['voice'], 'voice.wav', { type: 'audio/wav' }))
    await addUnseenVideo('r1')

    const forgetting = forgetSignedOut()
    // Before its promise settles: the session relies on it (src/session/device-forgetting.ts).
    expect([localStorage.getItem(STORAGE_KEYS.sessionHint), localStorage.getItem(STORAGE_KEYS.lastBalance), sessionStorage.getItem('draft')]).toEqual([
      null,
      null,
      null,
    ])
    await forgetting

    expect([localStorage.getItem(STORAGE_KEYS.locale), localStorage.getItem(STORAGE_KEYS.iosHintDismissed)]).toEqual(['de', '1'])
    expect(await deviceDb.galleryPages.count()).toBe(0)
    expect(await takeSharedFile()).toBeNull()
    expect(await unseenVideoCount()).toBe(0)
  })

  it('keeps kept videos and unfinished jobs: they are offered or resumed at the next sign-in', async () => {
    await keep('u1')
    await deviceDb.jobs.put(pendingJob({ uid: 'u1' }))
    await forgetSignedOut()
    expect(await countKeptVideos('u1')).toBe(1)
    expect(await deviceDb.jobs.count()).toBe(1)
  })
})

describe('forgetUser', () => {
  it('removes every row of the account and nothing of another', async () => {
    for (const uid of ['u1', 'u2']) {
      await keep(uid)
      await deviceDb.jobs.put(pendingJob({ requestId: `job-${uid}`, uid }))
      await deviceDb.galleryPages.put(page(uid))
    }
    await forgetUser('u1')
    expect(await accountsOnDevice()).toEqual(['u2'])
    expect(await deviceDb.keptVideoChunks.filter((chunk) => chunk.uid === 'u1').count()).toBe(0)
    expect(await countKeptVideos('u2')).toBe(1)
  })
})

describe('accountsOnDevice', () => {
  it('names each account with rows here once', async () => {
    await deviceDb.jobs.put(pendingJob({ uid: 'u1' }))
    await deviceDb.galleryPages.bulkPut([page('u1'), page('u2')])
    expect((await accountsOnDevice()).toSorted()).toEqual(['u1', 'u2'])
  })

  it('names none, without reading a table, where the browser says the device database was never made', async () => {
    await deviceDb.jobs.put(pendingJob({ uid: 'u1' }))
    vi.spyOn(indexedDB, 'databases').mockResolvedValue([])
    expect(await accountsOnDevice()).toEqual([])
  })
})
