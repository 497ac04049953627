import { randomUUID } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { validate } from '@hyperjump/json-schema/openapi-3-1'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestServer, createSignedInUser, testDatabases, type RequestOptions, type TestServer, type TestUser } from '../testing/harness.ts'
import { completeJob, failJob, insertJob } from '../domain/generations-jobs.ts'
import { balanceOf } from '../testing/job-helpers.ts'
import { checkAnswer, DOCUMENT_FILE, readDocument } from './testing/openapi-answers.ts'
import { ALL_SCOPES, createKey } from '../testing/api-keys.ts'

// The developer API as a program meets it (docs/decisions/0400–0404): every
// answer checked against the OpenAPI document, the routes held to it, the
// app's generation service, ledger and one-at-a-time rule, scopes, problem
// details and the per-key rate limit.

const UGC = '/api/public/v1/generations/ugc-actor'

describe.each(testDatabases)('the developer API on %s', (database) => {
  let server: TestServer

  beforeAll(async () => {
    server = await createTestServer({ database })
  })
  afterAll(async () => {
    await server.close()
  })

  /** A keyed request whose answer must match the document; answers the checked answer. */
  async function call(path: string, key: string | null, options: RequestOptions = {}) {
    const method = options.method ?? (options.json !== undefined || options.body !== undefined ? 'POST' : 'GET')
    const res = await server.request(path, { ...options, method, ...(key === null ? {} : { token: key }) })
    return checkAnswer(method, path, res)
  }

  async function userWithKey(credits: number): Promise<{ user: TestUser; key: string }> {
    const user = await createSignedInUser(server, { credits })
    return { user, key: (await createKey(server, user)).secret }
  }

  it('serves its OpenAPI 3.1 document to anyone, the same as the one in the repository', async () => {
    const res = await server.request('/api/public/v1/openapi.json')
    expect(res.status).toBe(200)
    const served: unknown = await res.json()
    expect(served).toEqual(JSON.parse(await readFile(DOCUMENT_FILE, 'utf8')))
    expect((await validate('https://spec.openapis.org/oas/3.1/schema-base', JSON.parse(await readFile(DOCUMENT_FILE, 'utf8')))).valid).toBe(true)
  })

  it('serves exactly the routes its document names', () => {
    const served = server.app.routes
      .filter((route) => route.path.startsWith('/api/public/v1/') && route.method !== 'ALL')
      .map((route) => `${route.method} ${route.path.replaceAll(/:(\w+)/g, '{$1}')}`)
    const documented = Object.entries(readDocument().paths).flatMap(([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`))
    expect(new Set(served)).toEqual(new Set(documented))
  })

  it('starts a UGC actor video with the app’s price, reads it and lists it', async () => {
    const { user, key } = await userWithKey(5)
    const created = await call(UGC, key, { json: { prompt: 'A barista recommends oat milk', duration_seconds: 5, seed: 42, enhanced: true } })
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({ kind: 'ugc_actor', status: 'queued', cost_credits: 2, prompt: 'A barista recommends oat milk', video_url: null })
    const id = (created.body as { id: string }).id
    expect(created.headers.get('location')).toBe(`/api/public/v1/generations/${id}`)
    expect(created.headers.get('ratelimit')).toMatch(/^"per-key";r=\d+;t=\d+$/)
    expect(await balanceOf(server.db, user.id)).toBe(300)

    const read = await call(`/api/public/v1/generations/${id}`, key)
    expect(read.body).toMatchObject({ id, status: 'queued' })
    const list = await call('/api/public/v1/generations', key)
    expect((list.body as { data: { id: string }[] }).data.map((item) => item.id)).toEqual([id])
    expect((await call('/api/public/v1/balance', key)).body).toEqual({ credits: 3 })

    // One at a time (spec §9): the second create names the running one.
    const second = await call(UGC, key, { json: { prompt: 'Another one' } })
    expect(second.status).toBe(409)
    expect(second.headers.get('content-type')).toBe('application/problem+json')
    expect(second.body).toMatchObject({ code: 'generation_in_progress', status: 409, generation_id: id, title: 'Generation in progress' })
    expect(await balanceOf(server.db, user.id)).toBe(300)
  })

  it('shows a finished video as a link and a failure with the app’s code and its refund', async () => {
    const { user, key } = await userWithKey(5)
    const job = await call(UGC, key, { json: { prompt: 'Done soon' } })
    const id = (job.body as { id: string }).id
    const video = `/media/${randomUUID()}.mp4`
    await completeJob(server.db, id, { state: 'completed', progress: { current: 10, total: 10 }, outputUrl: video })
    const done = await call(`/api/public/v1/generations/${id}`, key)
    expect(done.body).toMatchObject({ status: 'completed', progress: { current: 10, total: 10 }, error: null })
    expect((done.body as { video_url: string }).video_url).toMatch(new RegExp(`^${server.config.publicOrigin}${video}\\?exp=\\d+&sig=`))

    const failing = await call(UGC, key, { json: { prompt: 'Fails' } })
    const failedId = (failing.body as { id: string }).id
    await failJob(server.db, failedId, 'Failed to generate video. Please try again later.')
    const failed = await call(`/api/public/v1/generations/${failedId}`, key)
    expect(failed.body).toMatchObject({ status: 'failed', video_url: null, error: { code: 'generation_failed' } })
    expect(await balanceOf(server.db, user.id)).toBe(500 - 175)
  })

  it('refuses what it cannot do as problem details, and charges nothing', async () => {
    const { user, key } = await userWithKey(1)
    expect((await call(UGC, key, { json: { prompt: 'Too dear' } })).body).toMatchObject({ code: 'insufficient_credits', status: 402 })
    const unknownField = await call(UGC, key, { json: { prompt: 'x', pro_mode: true } })
    expect(unknownField.body).toMatchObject({ code: 'validation_failed', status: 400 })
    expect((unknownField.body as { detail: string }).detail).toMatch(/pro_mode/)
    expect((await call(UGC, key, { body: '{not json', headers: { 'content-type': 'application/json' } })).body).toMatchObject({ code: 'invalid_json' })
    expect((await call(UGC, key, { json: { prompt: 'x', duration_seconds: 60 } })).status).toBe(400)
    const tooLarge = await call(UGC, key, { json: { prompt: 'x'.repeat(70_000) } })
    expect(tooLarge.body).toMatchObject({ code: 'payload_too_large', status: 413 })
    expect(await balanceOf(server.db, user.id)).toBe(100)

    const unknownPath = await server.request('/api/public/v1/nothing-here', { token: key })
    expect(unknownPath.status).toBe(404)
    expect(unknownPath.headers.get('content-type')).toBe('application/problem+json')
    expect(await unknownPath.json()).toMatchObject({ code: 'not_found', type: expect.stringMatching(/\/developers#error-not_found$/) })
  })

  it('lip sync and consistent actor take only our own uploads or https URLs', async () => {
    const { key } = await userWithKey(10)
    const other = await userWithKey(10)
    const theirKey = `${randomUUID()}.mp4`
    await server.db
      .insertInto('media_objects')
      .values({ key: theirKey, owner_user_id: other.user.id, origin: 'upload', content_type: 'video/mp4', bytes: 10 })
      .execute()
    const theirs = `${server.config.publicOrigin}/media/${theirKey}`
    const refusedFile = await call('/api/public/v1/generations/lip-sync', key, {
      json: { video_url: theirs, audio_url: 'https://example.com/a.mp3', audio_duration_seconds: 3 },
    })
    expect(refusedFile.body).toMatchObject({ code: 'forbidden', status: 403 })
    const plainHttp = await call('/api/public/v1/generations/consistent-actor', key, {
      json: { prompt: 'Me at the beach', image_url: 'http://example.com/face.png' },
    })
    expect(plainHttp.body).toMatchObject({ code: 'url_not_allowed', status: 400 })
  })

  it('pages through a long list with a cursor, filtered by kind and status', async () => {
    const { user, key } = await userWithKey(0)
    const ids: string[] = []
    for (let index = 0; index < 5; index += 1) {
      const kind = index % 2 === 0 ? 'ugc' : 'consistent'
      const input =
        kind === 'ugc'
          ? ({ kind: 'ugc', prompt: `p${index}`, seed: 1, durationSeconds: 5, enhanced: false } as const)
          : ({ kind: 'consistent', prompt: `p${index}`, imageUrl: 'https://example.com/f.png', durationSeconds: 5 } as const)
      const row = await insertJob(server.db, {
        userId: user.id,
        provider: 'local',
        params: { input, settings: { seed: 1, pro_mode: false, aspect_ratio: '9:16', resolution: '1080p' }, demo: false },
        prompt: `p${index}`,
        costHundredths: 0,
      })
      await completeJob(server.db, row.id, { state: 'completed', progress: { current: 1, total: 1 }, outputUrl: `/media/${randomUUID()}.mp4` })
      ids.push(row.id)
    }
    const seen: string[] = []
    let cursor: string | null = null
    for (let page = 0; page < 5; page += 1) {
      const query: string = cursor === null ? '?limit=2' : `?limit=2&cursor=${cursor}`
      const answer = await call(`/api/public/v1/generations${query}`, key)
      const body = answer.body as { data: { id: string }[]; next_cursor: string | null }
      seen.push(...body.data.map((item) => item.id))
      cursor = body.next_cursor
      if (cursor === null) break
    }
    // Every generation once, newest first, the same order as one long page.
    const whole = (await call('/api/public/v1/generations?limit=100', key)).body as { data: { id: string; created_at: string }[] }
    expect(seen).toEqual(whole.data.map((item) => item.id))
    expect(new Set(seen)).toEqual(new Set(ids))
    const times = whole.data.map((item) => item.created_at)
    expect(times).toEqual(times.toSorted().toReversed())
    const ugcOnly = (await call('/api/public/v1/generations?kind=ugc_actor&status=completed', key)).body as { data: { kind: string }[] }
    expect(ugcOnly.data.map((item) => item.kind)).toEqual(['ugc_actor', 'ugc_actor', 'ugc_actor'])
    expect((await call('/api/public/v1/generations?limit=2&page=3', key)).body).toMatchObject({ code: 'validation_failed' })
    expect((await call('/api/public/v1/generations?cursor=bm9wZQ', key)).body).toMatchObject({ code: 'validation_failed' })
  })

  it('answers another account’s generation as if it did not exist', async () => {
    const ada = await userWithKey(5)
    const bob = await userWithKey(5)
    const job = await call(UGC, ada.key, { json: { prompt: 'Mine' } })
    const id = (job.body as { id: string }).id
    expect((await call(`/api/public/v1/generations/${id}`, bob.key)).body).toMatchObject({ code: 'not_found', status: 404 })
    expect(((await call('/api/public/v1/generations', bob.key)).body as { data: unknown[] }).data).toEqual([])
  })

  it('enforces each key’s scopes', async () => {
    const user = await createSignedInUser(server, { credits: 5 })
    const reader = (await createKey(server, user, ['generations:read'])).secret
    const writer = (await createKey(server, user, ['generations:write'])).secret
    expect((await call(UGC, reader, { json: { prompt: 'No' } })).body).toMatchObject({ code: 'insufficient_scope', status: 403 })
    const made = await call(UGC, writer, { json: { prompt: 'Yes' } })
    expect(made.status).toBe(201)
    const id = (made.body as { id: string }).id
    expect((await call(`/api/public/v1/generations/${id}`, writer)).body).toMatchObject({ code: 'insufficient_scope' })
    expect((await call('/api/public/v1/generations', writer)).body).toMatchObject({ code: 'insufficient_scope' })
    expect((await call(`/api/public/v1/generations/${id}`, reader)).body).toMatchObject({ id })
    expect((await call('/api/public/v1/balance', reader)).status).toBe(200)
    expect((await call('/api/public/v1/balance', writer)).status).toBe(200)
    expect(await balanceOf(server.db, user.id)).toBe(325)
  })

  it('refuses requests without a working key', async () => {
    const user = await createSignedInUser(server, { credits: 5 })
    expect((await call('/api/public/v1/balance', null)).body).toMatchObject({ code: 'missing_token', status: 401 })
    // The app's ID token is not an API key.
    expect((await call('/api/public/v1/balance', user.idToken)).body).toMatchObject({ code: 'invalid_api_key', status: 401 })
    expect((await call('/api/public/v1/balance', 'actorly_sk_made-up')).body).toMatchObject({ code: 'invalid_api_key' })
  })
})

describe('the per-key rate limit', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await createTestServer({ env: { API_RATE_LIMIT_BURST: '3', API_RATE_LIMIT_REFILL_SECONDS: '60' } })
  })
  afterAll(async () => {
    await server.close()
  })

  it('counts each key apart, tells where it stands and answers 429 with Retry-After past it', async () => {
    const user = await createSignedInUser(server, { credits: 1 })
    const first = (await createKey(server, user, ALL_SCOPES, 'first')).secret
    const second = (await createKey(server, user, ALL_SCOPES, 'second')).secret
    const remaining: string[] = []
    for (let index = 0; index < 3; index += 1) {
      const answer = await checkAnswer('GET', '/api/public/v1/balance', await server.request('/api/public/v1/balance', { token: first }))
      expect(answer.status).toBe(200)
      expect(answer.headers.get('ratelimit-policy')).toBe('"per-key";q=3;w=180')
      remaining.push(answer.headers.get('ratelimit') ?? '')
    }
    expect(remaining.map((value) => /r=(\d+)/.exec(value)?.[1])).toEqual(['2', '1', '0'])
    const limited = await checkAnswer('GET', '/api/public/v1/balance', await server.request('/api/public/v1/balance', { token: first }))
    expect(limited.status).toBe(429)
    expect(limited.body).toMatchObject({ code: 'rate_limited' })
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(59)
    expect(limited.headers.get('ratelimit')).toMatch(/^"per-key";r=0;t=\d+$/)
    expect((await server.request('/api/public/v1/balance', { token: second })).status).toBe(200)
  })
})
