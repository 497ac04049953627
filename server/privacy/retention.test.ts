import { randomUUID } from 'node:crypto'
import { Readable, Writable } from 'node:stream'
import { pino } from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { saveBugReport, saveContactMessage } from '../domain/messages.ts'
import { insertJob } from '../domain/generations-jobs.ts'
import { recordMedia } from '../media/catalog.ts'
import { mediaRef } from '../media/keys.ts'
import { storedTypeByExt } from '../media/media-types.ts'
import { findSpeech, saveSpeech, type StoredSpeech } from '../providers/speech/speech-words.ts'
import { createSignedInUser, createTestServer, testDatabases, type TestServer, type TestUser } from '../testing/harness.ts'
import { daysBefore, enforceRetention, monthsBefore } from './retention.ts'

// Retention with an injected clock (docs/decisions/0263): the privacy page's
// figures by default, the configured ones when set.

const NOW = new Date('2027-03-15T12:00:00.000Z')
const DAY = 24 * 60 * 60_000

let server: TestServer
let user: TestUser
let logLines: string[] = []

const log = pino(
  { level: 'info' },
  new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(chunk.toString())
      done()
    },
  }),
)

function retain(retention = server.config.privacy.retention, now = NOW) {
  return enforceRetention({ db: server.db, store: server.mediaStore, log, retention, now: () => now })
}

/** An upload in the store and the media catalogue, as if uploaded at `uploadedAt`. */
async function storedUpload(uploadedAt: Date): Promise<{ key: string; ref: string }> {
  const png = storedTypeByExt('png')
  if (png === undefined) throw new Error('png is not a stored type')
  const saved = await server.mediaStore.put(Readable.from([Buffer.from([0x89, 0x50, 0x4e, 0x47])]), png)
  await recordMedia(server.db, saved, { userId: user.id, origin: 'upload' })
  await server.db.updateTable('media_objects').set({ created_at: uploadedAt.toISOString() }).where('key', '=', saved.key).execute()
  return { key: saved.key, ref: mediaRef(saved.key) }
}

const isStored = async (key: string) => (await server.mediaStore.stat(key)) !== null

/** A deletion record as the deletion leaves it. */
const deletionRecord = (status: 'done' | 'pending', requestedAt: Date) => ({
  id: randomUUID(),
  user_id: randomUUID(),
  firebase_uid: randomUUID(),
  email: null,
  status,
  steps_done: '',
  attempts: 3,
  last_error: status === 'pending' ? 'identity: unavailable' : null,
  next_attempt_at: requestedAt.toISOString(),
  requested_at: requestedAt.toISOString(),
  completed_at: status === 'done' ? requestedAt.toISOString() : null,
})

describe.each(testDatabases)('retention (%s)', (database) => {
  beforeAll(async () => {
    server = await createTestServer({ database })
    user = await createSignedInUser(server)
  })
  afterAll(() => server.close())

  it('deletes support messages and bug reports, with their mail, after 12 months and keeps younger ones', async () => {
    const old = monthsBefore(NOW, 12)
    const oldMessage = await saveContactMessage(
      server.db,
      { userId: null, userName: null, email: 'old@example.test', subject: null, message: 'old' },
      new Date(old.getTime() - 1000),
    )
    const oldReport = await saveBugReport(server.db, { userId: null, userEmail: null, message: 'old bug', attachment: null }, new Date(old.getTime() - 1000))
    const keptMessage = await saveContactMessage(
      server.db,
      { userId: null, userName: null, email: 'new@example.test', subject: null, message: 'new' },
      new Date(old.getTime() + DAY),
    )
    const keptReport = await saveBugReport(server.db, { userId: null, userEmail: null, message: 'new bug', attachment: null }, new Date(old.getTime() + DAY))

    const round = await retain()
    expect(round).toMatchObject({ messages: 1, bugReports: 1 })
    expect((await server.db.selectFrom('messages').select('id').execute()).map((row) => row.id)).toEqual([keptMessage])
    expect((await server.db.selectFrom('bug_reports').select('id').execute()).map((row) => row.id)).toEqual([keptReport])
    const outbox = (await server.db.selectFrom('outbox').select('source_id').execute()).map((row) => row.source_id)
    expect(outbox.toSorted()).toEqual([keptMessage, keptReport].toSorted())
    expect(outbox).not.toContain(oldMessage)
    expect(outbox).not.toContain(oldReport)
  })

  it('follows the configured months', async () => {
    const sevenMonths = await saveContactMessage(
      server.db,
      { userId: null, userName: null, email: 'mid@example.test', subject: null, message: 'mid' },
      monthsBefore(NOW, 7),
    )
    await retain()
    expect(await server.db.selectFrom('messages').select('id').where('id', '=', sevenMonths).execute()).toHaveLength(1)
    await retain({ ...server.config.privacy.retention, supportMonths: 6 })
    expect(await server.db.selectFrom('messages').select('id').where('id', '=', sevenMonths).execute()).toHaveLength(0)
  })

  it('deletes an upload no job refers to after the stated days, and keeps used and young ones', async () => {
    const { unusedUploadDays } = server.config.privacy.retention
    expect(unusedUploadDays).toBe(7)
    const unused = await storedUpload(new Date(daysBefore(NOW, unusedUploadDays).getTime() - 1000))
    const used = await storedUpload(new Date(daysBefore(NOW, unusedUploadDays).getTime() - 1000))
    const young = await storedUpload(new Date(daysBefore(NOW, unusedUploadDays).getTime() + 60_000))
    const settings = { seed: 1, pro_mode: false, aspect_ratio: '9:16', resolution: '1080p' }
    await insertJob(server.db, {
      userId: user.id,
      provider: 'local',
      params: { input: { kind: 'consistent', prompt: 'p', imageUrl: used.ref, durationSeconds: 5 }, settings, demo: false },
      prompt: 'p',
      costHundredths: 0,
    })
    // A voice's audio is an upload too: its own job names it, but only a video using it keeps it.
    const voiceAudio = await storedUpload(new Date(daysBefore(NOW, unusedUploadDays).getTime() - 1000))
    const voice = await insertJob(server.db, {
      userId: user.id,
      provider: 'local',
      params: { input: { kind: 'voice', text: 'Hello', language: 'en', voice: 'en-ava' }, settings, demo: false },
      prompt: 'Hello',
      costHundredths: 0,
    })
    await server.db.updateTable('generations').set({ status: 'completed', output_url: voiceAudio.ref }).where('id', '=', voice.id).execute()
    // Their transcripts go with the audio, and only with it.
    const words: StoredSpeech['words'] = { timing: 'synthesizer', list: [{ text: 'Hello', start: 0, end: 0.5 }] }
    await saveSpeech(server.db, { audioKey: voiceAudio.key, userId: user.id, seconds: 1, language: 'en', words })
    await saveSpeech(server.db, { audioKey: young.key, userId: user.id, seconds: 1, language: 'en', words })

    expect((await retain()).uploads).toBe(2)
    expect(await findSpeech(server.db, voiceAudio.key)).toBeNull()
    expect(await findSpeech(server.db, young.key)).toMatchObject({ words })
    const catalogued = (await server.db.selectFrom('media_objects').select('key').where('owner_user_id', '=', user.id).execute()).map((row) => row.key)
    expect(catalogued.toSorted()).toEqual([used.key, young.key].toSorted())
    expect(await isStored(voiceAudio.key)).toBe(false)
    expect(await isStored(unused.key)).toBe(false)
    expect(await isStored(used.key)).toBe(true)
    expect(await isStored(young.key)).toBe(true)
    expect((await server.request(`/media/${unused.key}`, { token: user.idToken })).status).toBe(404)
    expect((await server.request(`/media/${used.key}`, { token: user.idToken })).status).toBe(200)
    // The next round finds nothing more to do.
    expect((await retain()).uploads).toBe(0)
  })

  it('deletes a finished deletion record after the stated days and calls for a person when one is overdue', async () => {
    const oldDone = deletionRecord('done', daysBefore(NOW, 31))
    const youngDone = deletionRecord('done', daysBefore(NOW, 29))
    const overdue = deletionRecord('pending', daysBefore(NOW, 31))
    await server.db.insertInto('account_deletions').values([oldDone, youngDone, overdue]).execute()
    logLines = []

    expect((await retain()).deletionRecords).toBe(1)
    const left = (await server.db.selectFrom('account_deletions').select('id').execute()).map((row) => row.id)
    expect(left.toSorted()).toEqual([youngDone.id, overdue.id].toSorted())
    expect(logLines.join('')).toMatch(/"level":50.*account deletion is overdue/)
  })
})

describe('GET /api/privacy/v1/retention', () => {
  beforeAll(async () => {
    server = await createTestServer()
  })
  afterAll(() => server.close())

  it('answers the figures the privacy page shows: the defaults, or what is configured', async () => {
    const res = await server.request('/api/privacy/v1/retention')
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ supportMonths: 12, unusedUploadDays: 7, accountDeletionDays: 30 })

    const configured = await createTestServer({ env: { RETENTION_SUPPORT_MONTHS: '6', RETENTION_UNUSED_UPLOAD_DAYS: '3', ACCOUNT_DELETION_DAYS: '14' } })
    try {
      expect(await (await configured.request('/api/privacy/v1/retention')).json()).toEqual({ supportMonths: 6, unusedUploadDays: 3, accountDeletionDays: 14 })
    } finally {
      await configured.close()
    }
  })
})
