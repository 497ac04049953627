import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startResponseSchema } from '../../contract/generations.ts'
import { jobEventSchema, streamReadySchema, type JobEvent } from '../../contract/job-events.ts'
import { findJob } from '../domain/generations-jobs.ts'
import { keyOfRef } from '../media/keys.ts'
import { createGenerationTestApp, type GenerationTestApp } from '../testing/generation-app.ts'
import { createSignedInUser, createTestServer, testDatabases, type TestServer, type TestUser } from '../testing/harness.ts'
import { ugcRequest } from '../testing/job-helpers.ts'
import { openEventStream, type ReceivedEvent } from '../testing/sse.ts'

// The job event stream (docs/decisions/0212): a job finished by a worker in
// another instance reaches a stream open on this one within a second, because
// instances learn of changes from the database (PostgreSQL NOTIFY, SQLite's
// 250 ms poll — the default here), not from process memory; Last-Event-ID
// resumes after a dropped stream; a user sees only their own jobs.

const ugcBody = (user: TestUser, duration = 1) => ugcRequest(user, { prompt: 'A tailor measures a sleeve', duration })

const jobOf = (event: ReceivedEvent): JobEvent => jobEventSchema.parse(JSON.parse(event.data))

describe.each(testDatabases)('job event stream on %s', (database) => {
  let server: TestServer
  /** The instance the page talks to: no worker of its own. */
  let api: GenerationTestApp
  /** Another instance whose worker renders. */
  let renderer: GenerationTestApp
  let origin: string

  beforeAll(async () => {
    server = await createTestServer({ database })
    const realTimings = { eventsPollMs: 250 }
    api = await createGenerationTestApp(server, { worker: false, jobs: realTimings })
    renderer = await createGenerationTestApp(server, { jobs: realTimings })
    origin = await api.listen()
  })
  afterAll(async () => {
    await api.close()
    await renderer.close()
    await server.close()
  })

  const stream = (user: TestUser, lastEventId?: string) =>
    openEventStream(`${origin}/api/fal/v1/events`, {
      authorization: `Bearer ${user.idToken}`,
      ...(lastEventId === undefined ? {} : { 'last-event-id': lastEventId }),
    })

  async function startUgc(user: TestUser, duration = 1): Promise<string> {
    const res = await api.request('/api/fal/v1/generate', { token: user.idToken, json: ugcBody(user, duration) })
    expect(res.status).toBe(200)
    return startResponseSchema.parse(await res.json()).requestId
  }

  it('brings a job finished by another instance’s worker to an open stream within a second, with its progress on the way', async () => {
    const uli = await createSignedInUser(server, { credits: 2 })
    const events = await stream(uli)
    expect(events.status).toBe(200)
    const ready = await events.next((event) => event.event === 'ready')
    expect(streamReadySchema.parse(JSON.parse(ready.data))).toEqual({ resumed: false })
    const jobId = await startUgc(uli, 2)
    const completed = await events.next((event) => event.event === 'job' && jobOf(event).status.status === 'completed', 60_000)
    events.close()
    const row = await findJob(server.db, jobId)
    expect(jobOf(completed)).toEqual({
      requestId: jobId,
      kind: 'ugc',
      status: {
        status: 'completed',
        outputUrl: expect.any(String),
        progress: { currentprogress: 2000, totalprogress: 2000 },
        thumbnailUrl: expect.any(String),
      },
    })
    // The completion carries the poster frame too (docs/decisions/0163), signed like the video.
    expect(api.links.keyOfOwnUrl(jobOf(completed).status.thumbnailUrl ?? '', [])).toBe(keyOfRef(row?.thumbnail_url ?? ''))
    // Like a status call's answer: a signed link to the stored video, not the job's bare reference.
    const outputUrl = jobOf(completed).status.outputUrl
    expect(outputUrl).not.toBe(row?.output_url)
    expect(await api.isStored(outputUrl)).toBe(true)
    expect(api.links.keyOfOwnUrl(outputUrl ?? '', [])).toBe(keyOfRef(row?.output_url ?? ''))
    // The worker wrote the completion at updated_at; the page had it less than a second later.
    expect(completed.at - Date.parse(row?.updated_at ?? '')).toBeLessThan(1000)
    const jobEvents = events.seen.filter((event) => event.event === 'job').map(jobOf)
    expect(
      jobEvents.some((event) => event.status.status === 'running' && event.status.progress.currentprogress > 0 && event.status.progress.currentprogress < 2000),
    ).toBe(true)
    const ids = events.seen.map((event) => Number(event.id))
    expect(ids).toEqual([...ids].sort((a, b) => a - b))
  })

  it('resumes after the Last-Event-ID: what happened while the stream was down comes first, in order', async () => {
    const vera = await createSignedInUser(server, { credits: 2 })
    const first = await stream(vera)
    const ready = await first.next((event) => event.event === 'ready')
    first.close()
    const jobId = await startUgc(vera)
    for (let i = 0; i < 600 && (await findJob(server.db, jobId))?.status !== 'completed'; i += 1) await new Promise((resolve) => setTimeout(resolve, 100))

    const again = await stream(vera, ready.id ?? '')
    const resumed = await again.next((event) => event.event === 'ready')
    again.close()
    expect(JSON.parse(resumed.data)).toEqual({ resumed: true })
    const replayed = again.seen.filter((event) => event.event === 'job')
    expect(replayed.map(jobOf).map((event) => event.requestId)).toEqual(replayed.map(() => jobId))
    expect(replayed.map(jobOf).at(0)?.status.status).toBe('queued')
    expect(replayed.map(jobOf).at(-1)?.status.status).toBe('completed')
    expect(replayed.every((event) => Number(event.id) > Number(ready.id))).toBe(true)
    expect(Number(resumed.id)).toBe(Number(replayed.at(-1)?.id))
  })

  it('starts a fresh stream with where the user’s recent jobs stand, so a page that opens late misses nothing', async () => {
    const yan = await createSignedInUser(server, { credits: 2 })
    const jobId = await startUgc(yan)
    for (let i = 0; i < 600 && (await findJob(server.db, jobId))?.status !== 'completed'; i += 1) await new Promise((resolve) => setTimeout(resolve, 100))
    const late = await stream(yan)
    const ready = await late.next((event) => event.event === 'ready')
    late.close()
    const before = late.seen.filter((event) => event.event === 'job')
    expect(before.map(jobOf)).toEqual([{ requestId: jobId, kind: 'ugc', status: expect.objectContaining({ status: 'completed' }) }])
    expect(before[0]?.id).toBe(ready.id)
    expect(JSON.parse(ready.data)).toEqual({ resumed: false })
  })

  it('shows a user only their own jobs, and needs a token', async () => {
    const wim = await createSignedInUser(server, { credits: 2 })
    const xia = await createSignedInUser(server, { credits: 2 })
    const theirs = await stream(xia)
    await theirs.next((event) => event.event === 'ready')
    const mine = await stream(wim)
    await mine.next((event) => event.event === 'ready')
    const jobId = await startUgc(wim)
    await mine.next((event) => event.event === 'job' && jobOf(event).status.status === 'completed', 60_000)
    await new Promise((resolve) => setTimeout(resolve, 500))
    mine.close()
    theirs.close()
    expect(theirs.seen.filter((event) => event.event === 'job')).toEqual([])
    expect(mine.seen.filter((event) => event.event === 'job').every((event) => jobOf(event).requestId === jobId)).toBe(true)
    const anonymous = await fetch(`${origin}/api/fal/v1/events`)
    expect(anonymous.status).toBe(401)
  })
})
