import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { publicGenerationSchema } from '../../contract/public-api/generations.ts'
import { createSignedInUser, createTestServer, grantCredits, testDatabases, type TestServer } from '../testing/harness.ts'
import { balanceOf, jobCount, ledgerKeysOf } from '../testing/job-helpers.ts'
import { checkAnswer } from './testing/openapi-answers.ts'
import { createKey } from '../testing/api-keys.ts'

// An Idempotency-Key makes a retried create charge and start once
// (docs/decisions/0403), however many retries race each other, on both
// databases; on PostgreSQL also across two instances.

const UGC = '/api/public/v1/generations/ugc-actor'
const idOf = async (res: Response): Promise<string> => publicGenerationSchema.parse(await res.json()).id

describe.each(testDatabases)('idempotent creates on %s', (database) => {
  let server: TestServer
  let twin: TestServer

  beforeAll(async () => {
    server = await createTestServer({ database })
    twin = await createTestServer({ sameDatabaseAs: server })
  })
  afterAll(async () => {
    await twin.close()
    await server.close()
  })

  it('charges and starts once under 20 concurrent retries, and every retry answers the same generation', async () => {
    const user = await createSignedInUser(server, { credits: 10 })
    const { secret } = await createKey(server, user)
    const body = { prompt: 'One video, however often asked', duration_seconds: 5 }
    const answers = await Promise.all(
      Array.from({ length: 20 }, async (_, index) => {
        // Half the retries reach the other instance, as behind a load balancer.
        const instance = index % 2 === 0 ? server : twin
        const res = await instance.request(UGC, { token: secret, json: body, headers: { 'Idempotency-Key': 'order-1234' } })
        return checkAnswer('POST', UGC, res)
      }),
    )
    expect(answers.map((answer) => answer.status)).toEqual(Array.from({ length: 20 }, () => 201))
    const ids = new Set(answers.map((answer) => (answer.body as { id: string }).id))
    expect(ids.size).toBe(1)
    expect(answers.filter((answer) => answer.headers.get('idempotent-replayed') === 'true')).toHaveLength(19)
    expect(await jobCount(server.db, user.id)).toBe(1)
    expect(await balanceOf(server.db, user.id)).toBe(1000 - 175)
    expect((await ledgerKeysOf(server.db, user.id)).filter((key) => key.endsWith(':hold'))).toHaveLength(1)

    // The same key with another request is refused, and changes nothing.
    const other = await server.request(UGC, { token: secret, json: { ...body, prompt: 'Something else' }, headers: { 'Idempotency-Key': 'order-1234' } })
    expect((await checkAnswer('POST', UGC, other)).body).toMatchObject({ code: 'idempotency_key_reused', status: 422 })
    expect(await jobCount(server.db, user.id)).toBe(1)
  })

  it('lets a refused create be tried again with the same key, and keys are per account', async () => {
    const poor = await createSignedInUser(server, { credits: 1 })
    const { secret } = await createKey(server, poor)
    const headers = { 'Idempotency-Key': 'shared-key' }
    const refused = await server.request(UGC, { token: secret, json: { prompt: 'Later' }, headers })
    expect((await checkAnswer('POST', UGC, refused)).body).toMatchObject({ code: 'insufficient_credits' })
    await grantCredits(server.db, poor.id, 1)
    const retried = await server.request(UGC, { token: secret, json: { prompt: 'Later' }, headers })
    expect(retried.status).toBe(201)

    const rich = await createSignedInUser(server, { credits: 5 })
    const theirs = await server.request(UGC, { token: (await createKey(server, rich)).secret, json: { prompt: 'Mine' }, headers })
    expect(theirs.status).toBe(201)
    expect(await idOf(theirs)).not.toBe(await idOf(retried))
  })

  it('refuses a malformed key', async () => {
    const user = await createSignedInUser(server, { credits: 5 })
    const { secret } = await createKey(server, user)
    const res = await server.request(UGC, { token: secret, json: { prompt: 'x' }, headers: { 'Idempotency-Key': 'x'.repeat(300) } })
    expect((await checkAnswer('POST', UGC, res)).body).toMatchObject({ code: 'validation_failed' })
    expect(await jobCount(server.db, user.id)).toBe(0)
  })
})
