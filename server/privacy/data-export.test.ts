import { createReadStream } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { Readable } from 'node:stream'
import { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { dataExportSchema, type DataExport } from '../../contract/account.ts'
import { completeJob, insertJob } from '../domain/generations-jobs.ts'
import { mediaOwner, recordJobOutput } from '../media/catalog.ts'
import { mediaRef } from '../media/keys.ts'
import { createMediaLinks } from '../media/links.ts'
import { storedTypeByExt } from '../media/media-types.ts'
import { serveMedia } from '../media/serve.ts'
import { saveSpeech } from '../providers/speech/speech-words.ts'
import { createMediaFixtures, type MediaFixtures } from '../providers/testing/fixtures.ts'
import { balanceOf } from '../testing/job-helpers.ts'
import { createSignedInUser, createTestServer, type TestServer, type TestUser } from '../testing/harness.ts'
import { EXPORT_LINK_LIFETIME_SECONDS } from './data-export.ts'
import { populateAccount, type PopulatedAccount } from '../testing/account-fixture.ts'

// "Download my data" (docs/decisions/0265): one JSON file whose ledger sums to
// the balance and whose media links (signed media links, docs/decisions/0221)
// work, then expire.

const SIGNING_SECRET = 'data-export-test-signing-secret-0123456789'
/** The signer rounds an expiry up to a quarter hour. */
const EXPIRY_STEP_MS = 15 * 60_000

let server: TestServer
let fixtures: MediaFixtures
let ada: TestUser
let adas: PopulatedAccount
let file: DataExport
let fileResponse: Response

/** GET /media/:key as the server serves it, on a clock `aheadMs` ahead, to see links after their time. */
function mediaAppAt(aheadMs: number): Hono {
  const links = createMediaLinks({ secret: SIGNING_SECRET, publicOrigin: server.config.publicOrigin, ttlSeconds: 3600, now: () => Date.now() + aheadMs })
  const access = { links, requestUserId: async () => null, ownerOf: (key: string) => mediaOwner(server.db, key) }
  return new Hono().get('/media/:key', (c) => serveMedia(server.mediaStore, access, c.req.param('key'), c.req.raw))
}

const pathOf = (link: string): string => {
  const url = new URL(link)
  return `${url.pathname}${url.search}`
}

beforeAll(async () => {
  fixtures = await createMediaFixtures()
  server = await createTestServer({ env: { MEDIA_SIGNING_SECRET: SIGNING_SECRET } })
  ada = await createSignedInUser(server, { name: 'Ada Export' })
  adas = await populateAccount(server, ada, fixtures)
  fileResponse = await server.request('/api/account/v1/export', { token: ada.idToken })
  file = dataExportSchema.parse(await fileResponse.clone().json())
})
afterAll(async () => {
  await server.close()
  await fixtures.remove()
})

describe('the data file', () => {
  it('downloads as a JSON attachment that no cache keeps', () => {
    expect(fileResponse.status).toBe(200)
    expect(fileResponse.headers.get('content-type')).toMatch(/^application\/json/)
    expect(fileResponse.headers.get('content-disposition')).toMatch(/^attachment; filename="actorly-data-\d{4}-\d{2}-\d{2}\.json"$/)
    expect(fileResponse.headers.get('cache-control')).toBe('no-store')
  })

  it('holds the account, and a credit ledger that sums to the balance', async () => {
    expect(file.account).toMatchObject({ id: ada.id, email: ada.email, name: 'Ada Export' })
    const balance = await balanceOf(server.db, ada.id)
    expect(Math.round(file.account.credits * 100)).toBe(balance)
    expect(file.creditLedger.reduce((sum, entry) => sum + Math.round(entry.credits * 100), 0)).toBe(balance)
    // The grant, the purchase and the running job's hold.
    expect(file.creditLedger.map((entry) => Math.round(entry.credits * 100)).toSorted((a, b) => a - b)).toEqual([-175, 1000, 1100])
    expect(file.purchases).toEqual([expect.objectContaining({ id: adas.checkoutSessionId, tier: 'starter', amountUsd: 20, credits: 11, status: 'completed' })])
  })

  it('lists every job with its settings, the messages and bug reports the user sent signed in', () => {
    expect(file.generations).toHaveLength(2)
    const finished = file.generations.find((job) => job.prompt === 'A finished video')
    expect(finished?.settings).toMatchObject({ seed: 1, aspect_ratio: '9:16', input: { kind: 'consistent' } })
    expect(finished?.video?.name).toBe(adas.mediaKeys[2])
    expect(file.generations.find((job) => job.id === adas.runningJobId)).toMatchObject({ kind: 'ugc', prompt: 'Still rendering', costCredits: 1.75 })
    expect(file.uploads.map((upload) => upload.name)).toEqual(adas.mediaKeys.slice(0, 2))
    expect(file.uploads.map((upload) => upload.contentType)).toEqual(['image/png', 'audio/wav'])
    for (const upload of file.uploads) expect(upload.bytes).toBeGreaterThan(0)
    // The one sent signed out only names the address: anyone could have (docs/decisions/0269).
    expect(file.messages.map((message) => message.message)).toEqual(['From my account'])
    expect(file.bugReports.map((report) => report.message)).toEqual(['A bug'])
  })

  it('has media links that work without a token, with ranges, until they expire', async () => {
    const video = file.generations.find((job) => job.video !== null)?.video
    if (!video) throw new Error('no video link')
    const res = await server.request(pathOf(video.link))
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('video/mp4')
    // A browser may keep the answer, privately, no longer than the link works.
    const maxAge = Number(/^private, max-age=(\d+)$/.exec(res.headers.get('cache-control') ?? '')?.[1])
    expect(maxAge).toBeGreaterThan(EXPORT_LINK_LIFETIME_SECONDS - 60)
    expect(maxAge).toBeLessThanOrEqual(EXPORT_LINK_LIFETIME_SECONDS + EXPIRY_STEP_MS / 1000)
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(new Uint8Array(await readFile(fixtures.videoFile)))
    const ranged = await server.request(pathOf(video.link), { headers: { range: 'bytes=0-99' } })
    expect(ranged.status).toBe(206)
    expect((await ranged.arrayBuffer()).byteLength).toBe(100)
    for (const upload of file.uploads) expect((await server.request(pathOf(upload.link))).status).toBe(200)

    const expiresAt = Date.parse(file.linksExpireAt)
    const lifetime = expiresAt - Date.parse(file.exportedAt)
    expect(lifetime).toBeGreaterThanOrEqual(EXPORT_LINK_LIFETIME_SECONDS * 1000)
    expect(lifetime).toBeLessThanOrEqual(EXPORT_LINK_LIFETIME_SECONDS * 1000 + EXPIRY_STEP_MS)
    for (const link of [video.link, ...file.uploads.map((upload) => upload.link)]) expect(new URL(link).searchParams.get('exp')).toBe(String(expiresAt / 1000))
    const justBefore = await mediaAppAt(expiresAt - Date.now() - 60_000).request(pathOf(video.link))
    expect(justBefore.status).toBe(200)
    const after = await mediaAppAt(expiresAt - Date.now() + 1000).request(pathOf(video.link))
    expect(after.status).toBe(403)
    expect(await after.text()).toMatch(/expired/)
  })

  it('refuses an altered link: another file, another expiry, another signature', async () => {
    const video = file.generations.find((job) => job.video !== null)?.video
    const upload = file.uploads[0]
    if (!video || !upload) throw new Error('no links')
    const link = new URL(video.link)
    const otherFile = new URL(link)
    otherFile.pathname = new URL(upload.link).pathname
    const later = new URL(link)
    later.searchParams.set('exp', String(Number(link.searchParams.get('exp')) + 3600))
    const forged = new URL(link)
    const sig = link.searchParams.get('sig') ?? ''
    forged.searchParams.set('sig', `${sig.startsWith('A') ? 'B' : 'A'}${sig.slice(1)}`)
    const bare = new URL(link)
    bare.search = ''
    for (const altered of [otherFile, later, forged, bare]) expect((await server.request(`${altered.pathname}${altered.search}`)).status).toBe(403)
  })

  it('is only the signed-in user’s own, and needs a token', async () => {
    const bob = await createSignedInUser(server)
    const bobs = dataExportSchema.parse(await (await server.request('/api/account/v1/export', { token: bob.idToken })).json())
    expect(bobs.account.email).toBe(bob.email)
    expect([bobs.generations, bobs.uploads, bobs.messages, bobs.bugReports, bobs.purchases]).toEqual([[], [], [], [], []])
    expect((await server.request('/api/account/v1/export')).status).toBe(401)
  })
})

describe('a voice and a captioned video in the data file', () => {
  it('lists the voice’s audio as audio, the captions as files, and what is known of the words', async () => {
    const cleo = await createSignedInUser(server, { name: 'Cleo Export', credits: 5 })
    const settings = { seed: 0, pro_mode: false, aspect_ratio: '', resolution: '' }
    const put = async (source: string | Readable, ext: string) => {
      const type = storedTypeByExt(ext)
      if (type === undefined) throw new Error(`${ext} is not a stored type`)
      return server.mediaStore.put(typeof source === 'string' ? createReadStream(source) : source, type)
    }
    const voice = await insertJob(server.db, {
      userId: cleo.id,
      provider: 'local',
      params: { input: { kind: 'voice', text: 'Hello there', language: 'en', voice: 'en-ava' }, settings, demo: false },
      prompt: 'Hello there',
      costHundredths: 10,
    })
    const audio = await put(fixtures.audioFile, 'wav')
    await recordJobOutput(server.db, audio, voice.id, 'upload')
    const words = [
      { text: 'Hello', start: 0.1, end: 0.5 },
      { text: 'there', start: 0.5, end: 0.9 },
    ]
    await saveSpeech(server.db, { audioKey: audio.key, userId: cleo.id, seconds: 1.5, language: 'en', words: { timing: 'synthesizer', list: words } })
    await completeJob(server.db, voice.id, { state: 'completed', progress: { current: 1, total: 1 }, outputUrl: mediaRef(audio.key) })

    const lipSync = await insertJob(server.db, {
      userId: cleo.id,
      provider: 'local',
      params: {
        input: { kind: 'lipsync', videoUrl: 'https://example.com/v.mp4', audioUrl: mediaRef(audio.key), audioSeconds: 1.5, model: 'lipsync-1.8.0' },
        settings,
        demo: false,
      },
      prompt: '',
      costHundredths: 235,
    })
    const video = await put(fixtures.videoFile, 'mp4')
    const vtt = await put(Readable.from(['WEBVTT\n\n1\n00:00:00.100 --> 00:00:00.900\nHello there\n']), 'vtt')
    const srt = await put(Readable.from(['1\n00:00:00,100 --> 00:00:00,900\nHello there\n']), 'srt')
    for (const stored of [video, vtt, srt]) await recordJobOutput(server.db, stored, lipSync.id)
    await completeJob(server.db, lipSync.id, {
      state: 'completed',
      progress: { current: 1, total: 1 },
      outputUrl: mediaRef(video.key),
      captions: { vttUrl: mediaRef(vtt.key), srtUrl: mediaRef(srt.key) },
    })

    const cleos = dataExportSchema.parse(await (await server.request('/api/account/v1/export', { token: cleo.idToken })).json())
    expect(cleos.generations.find((job) => job.id === voice.id)).toMatchObject({ kind: 'voice', video: null, audio: { name: audio.key }, captions: null })
    expect(cleos.generations.find((job) => job.id === lipSync.id)).toMatchObject({
      kind: 'lipsync',
      video: { name: video.key },
      audio: null,
      captions: { vtt: { name: vtt.key }, srt: { name: srt.key } },
    })
    expect(cleos.uploads.map((upload) => upload.name)).toEqual([audio.key])
    expect(cleos.transcripts).toEqual([{ audio: audio.key, language: 'en', seconds: 1.5, timing: 'synthesizer', words }])
    // The caption files' links work like every other.
    const captionsLink = cleos.generations.find((job) => job.id === lipSync.id)?.captions?.vtt.link ?? ''
    const served = await server.request(pathOf(captionsLink))
    expect(served.status).toBe(200)
    expect(await served.text()).toContain('Hello there')
  })
})
