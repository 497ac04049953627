import { randomUUID } from 'node:crypto'
import { Writable } from 'node:stream'
import { pino } from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { claimRound } from '../jobs/task-rounds.ts'
import type { Mailer, OutgoingMail } from '../mail/mailer.ts'
import { deliverDueMail } from '../mail/outbox.ts'
import { monthsBefore } from '../privacy/retention.ts'
import { createTestServer, testDatabases, type TestServer } from '../testing/harness.ts'
import { composeWorker } from '../compose/worker.ts'

// The scheduled work runs in the worker processes (server/compose/worker.ts),
// however many there are, and each piece of it happens once: a message is
// mailed by one worker, a retention round is taken by one worker.

const silent = pino({ level: 'silent' })
const HOUR = 60 * 60_000

function capturingLogger() {
  const lines: string[] = []
  const logger = pino(
    { level: 'info' },
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString())
        done()
      },
    }),
  )
  return { lines, logger }
}

describe.each(testDatabases)('the workers’ scheduled work (%s)', (database) => {
  let server: TestServer
  beforeAll(async () => {
    server = await createTestServer({ database, env: { FORM_RATE_LIMIT_BURST: '50' } })
  })
  afterAll(() => server.close())

  async function sendContact(message: string): Promise<string> {
    const res = await server.request('/api/messages/v1/new', { json: { userId: null, email: 'visitor@example.test', type: 'contact', message } })
    expect(res.status).toBe(200)
    const row = await server.db.selectFrom('messages').select('id').where('message', '=', message).executeTakeFirstOrThrow()
    return row.id
  }

  it('two workers print a new message once, and one of them takes the retention round', async () => {
    const fresh = `Hello, anyone reading? ${randomUUID()}`
    await sendContact(fresh)
    // A message from thirteen months ago, mailed back then: retention deletes it.
    const oldId = await sendContact(`An old question ${randomUUID()}`)
    await server.db
      .updateTable('messages')
      .set({ created_at: monthsBefore(new Date(), 13).toISOString() })
      .where('id', '=', oldId)
      .execute()
    await server.db.updateTable('outbox').set({ status: 'sent' }).where('source_id', '=', oldId).execute()

    const { lines, logger } = capturingLogger()
    const workers = await Promise.all([1, 2].map(() => composeWorker(server.config, logger, { cleanWorkDirs: false })))
    try {
      await expect.poll(() => lines.filter((line) => line.includes(fresh)).length, { timeout: 10_000 }).toBe(1)
      await expect.poll(() => server.db.selectFrom('messages').select('id').where('id', '=', oldId).executeTakeFirst(), { timeout: 10_000 }).toBeUndefined()
    } finally {
      // Closing waits for the rounds under way: whatever the second worker would do twice is done by then.
      await Promise.all(workers.map((worker) => worker.close()))
    }
    expect(lines.filter((line) => line.includes(fresh))).toHaveLength(1)
    const mail = await server.db
      .selectFrom('outbox')
      .innerJoin('messages', 'messages.id', 'outbox.source_id')
      .select(['outbox.status', 'outbox.attempts'])
      .where('messages.message', '=', fresh)
      .executeTakeFirstOrThrow()
    expect(mail).toEqual({ status: 'sent', attempts: 1 })
    const round = await server.db.selectFrom('task_rounds').selectAll().where('name', '=', 'retention').executeTakeFirstOrThrow()
    expect(round.rounds).toBe(1)
    expect(workers.map((worker) => worker.owner)).toContain(round.claimed_by)
  })

  it('gives a round to one of several claims at once, and the next one only after the interval', async () => {
    const name = `test round ${randomUUID()}`
    const now = new Date()
    const claims = await Promise.all([1, 2, 3, 4, 5].map((n) => claimRound(server.db, { name, owner: `worker ${n}`, intervalMs: HOUR, now })))
    expect(claims.filter(Boolean)).toHaveLength(1)
    expect(await claimRound(server.db, { name, owner: 'worker 1', intervalMs: HOUR, now: new Date(now.getTime() + HOUR - 1) })).toBe(false)
    const next = await Promise.all(
      [1, 2, 3].map((n) => claimRound(server.db, { name, owner: `worker ${n}`, intervalMs: HOUR, now: new Date(now.getTime() + HOUR) })),
    )
    expect(next.filter(Boolean)).toHaveLength(1)
  })

  it('mails each message once when several delivery rounds run at the same time', async () => {
    const texts = await Promise.all(
      [1, 2, 3].map(async (n) => {
        const text = `Concurrent ${n} ${randomUUID()}`
        await sendContact(text)
        return text
      }),
    )
    const sent: OutgoingMail[] = []
    const counting: Mailer = {
      kind: 'log',
      async send(mail) {
        // Slow enough that the other rounds look at the same rows meanwhile.
        await new Promise((resolve) => setTimeout(resolve, 20))
        sent.push(mail)
      },
      close: () => {},
    }
    const rounds = await Promise.all(
      [1, 2, 3, 4, 5].map(() => deliverDueMail({ db: server.db, mailer: counting, from: 'support@actorly.test', to: 'support@actorly.test', log: silent })),
    )
    for (const text of texts) expect(sent.filter((mail) => mail.text.includes(text))).toHaveLength(1)
    expect(rounds.reduce((total, round) => total + round.sent, 0)).toBe(sent.length)
  })
})
