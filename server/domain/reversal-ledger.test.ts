import { randomUUID } from 'node:crypto'
import type { Kysely } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../db/schema.ts'
import { createTestServer, testDatabases, type TestServer } from '../testing/harness.ts'
import { balanceHundredths, ledgerSumHundredths } from './credits.ts'
import { failJob, insertJob } from './generations-jobs.ts'
import { applyReversal, type ReversalChange } from './payment-reversals.ts'
import { fulfilCheckoutSession, recordCheckoutSession } from './payments.ts'
import { createMoneyWalk, seededRandom, type MoneyWalk, type Step } from './testing/money-walk.ts'

// Refunds, disputes and a job's hold add up (docs/decisions/0267): what a
// purchase's reversals took back is what the ledger says, what they could not
// take yet is taken when credits come back, and a replayed event changes
// nothing. Two instances on one database: the steps of a walk go through
// either, some of them at once.

async function newUser(db: Kysely<Database>): Promise<string> {
  const id = randomUUID()
  await db
    .insertInto('users')
    .values({ _id: id, firebase_uid: `uid-${id}`, email: `${id}@example.test`, name: 'Walker' })
    .execute()
  return id
}

/** What the ledger says a session's reversals took back (the ledger rows under its reversal keys). */
async function takenBackHundredths(db: Kysely<Database>, sessionId: string): Promise<number> {
  // LIKE's `_` matches itself too: the prefix check below keeps exactly this session's rows.
  const rows = await db
    .selectFrom('credit_ledger')
    .select(['idempotency_key', 'amount_hundredths'])
    .where('idempotency_key', 'like', `reversal:${sessionId}:%`)
    .execute()
  return 0 - rows.filter((row) => row.idempotency_key.startsWith(`reversal:${sessionId}:`)).reduce((sum, row) => sum + row.amount_hundredths, 0)
}

async function sessionRow(db: Kysely<Database>, sessionId: string) {
  return db.selectFrom('checkout_sessions').selectAll().where('id', '=', sessionId).executeTakeFirstOrThrow()
}

const consistentJob = (userId: string) => ({
  userId,
  provider: 'local',
  params: {
    input: { kind: 'consistent' as const, prompt: 'A face that will not render', imageUrl: 'https://example.test/broken.png', durationSeconds: 5 },
    settings: { seed: 1, pro_mode: false, aspect_ratio: '9:16', resolution: '1080p' },
    demo: false,
  },
  prompt: 'A face that will not render',
  costHundredths: 200,
})

describe.each(testDatabases)('reversals as a function of the ledger, two instances on %s', (database) => {
  let one: TestServer
  let two: TestServer

  beforeAll(async () => {
    one = await createTestServer({ database })
    two = await createTestServer({ sameDatabaseAs: one })
  })
  afterAll(async () => {
    await two.close()
    await one.close()
  })

  it('takes back what a failed job’s hold returns, and a replayed refund changes nothing', async () => {
    const userId = await newUser(one.db)
    const sessionId = `local_${randomUUID()}`
    await recordCheckoutSession(one.db, {
      id: sessionId,
      userId,
      provider: 'local',
      purchase: { tier: 'starter', amountCents: 2000, credits: 11, stripePriceId: null },
    })
    expect(await fulfilCheckoutSession(one.db, sessionId, null)).toBe('credited')
    const job = await insertJob(two.db, consistentJob(userId))
    const refund: ReversalChange = { kind: 'refund', eventId: 'local-refund', chargedCents: 2000, refundedCents: 2000 }

    expect(await applyReversal(one.db, sessionId, refund)).toBe('applied')
    expect(await balanceHundredths(one.db, userId)).toBe(0)
    expect(await sessionRow(one.db, sessionId)).toMatchObject({ taken_back_hundredths: 900, unrecovered_hundredths: 200 })

    // The job fails: its hold comes back, and goes straight to the refunded purchase.
    expect(await failJob(two.db, job.id, 'The image could not be read')).toBe(true)
    expect(await balanceHundredths(one.db, userId)).toBe(0)
    expect(await takenBackHundredths(one.db, sessionId)).toBe(1100)
    expect(await sessionRow(one.db, sessionId)).toMatchObject({ taken_back_hundredths: 1100, unrecovered_hundredths: 0 })

    // The same refund again, on either instance: nothing moves, and the books agree with the ledger.
    expect(await applyReversal(two.db, sessionId, refund)).toBe('unchanged')
    expect(await applyReversal(one.db, sessionId, refund)).toBe('unchanged')
    expect(await balanceHundredths(one.db, userId)).toBe(0)
    expect(await ledgerSumHundredths(one.db, userId)).toBe(0)
    expect(await takenBackHundredths(one.db, sessionId)).toBe(1100)
  })

  it('never marks money recovered without taking it, when a replay finds credits on the balance', async () => {
    const userId = await newUser(one.db)
    const first = `local_${randomUUID()}`
    await recordCheckoutSession(one.db, {
      id: first,
      userId,
      provider: 'local',
      purchase: { tier: 'starter', amountCents: 2000, credits: 11, stripePriceId: null },
    })
    await fulfilCheckoutSession(one.db, first, null)
    await insertJob(one.db, consistentJob(userId))
    const refund: ReversalChange = { kind: 'refund', eventId: 'evt_refund_once', chargedCents: 2000, refundedCents: 2000 }
    await applyReversal(one.db, first, refund)
    // A second purchase puts credits on the balance; the first refund's event is delivered again.
    const second = `local_${randomUUID()}`
    await recordCheckoutSession(one.db, {
      id: second,
      userId,
      provider: 'local',
      purchase: { tier: 'starter', amountCents: 2000, credits: 11, stripePriceId: null },
    })
    await fulfilCheckoutSession(two.db, second, null)
    await applyReversal(two.db, first, refund)
    const row = await sessionRow(one.db, first)
    expect(row.taken_back_hundredths).toBe(await takenBackHundredths(one.db, first))
    expect(row.taken_back_hundredths + row.unrecovered_hundredths).toBe(1100)
    expect(await balanceHundredths(one.db, userId)).toBe(await ledgerSumHundredths(one.db, userId))
  })

  /**
   * A burst at once on PostgreSQL. On SQLite one after the other: node:sqlite waits for the write
   * lock synchronously, so two instances in one process would wait on each other (SQLite
   * deployments run one API process).
   */
  async function runBurst<T>(burst: Step[], run: (step: Step, n: number) => Promise<T>): Promise<T[]> {
    if (database === 'postgres') return Promise.all(burst.map(run))
    const results: T[] = []
    for (const [n, step] of burst.entries()) results.push(await run(step, n))
    return results
  }

  const seeds = database === 'postgres' ? 12 : 20
  it(`holds its rules over ${seeds} random walks of purchases, holds, refunds, completions, reversals and replays`, async () => {
    for (let seed = 1; seed <= seeds; seed += 1) {
      const random = seededRandom(seed * 7919)
      const walk = createMoneyWalk()
      const users = [await newUser(one.db), await newUser(one.db)]
      for (let index = 0; index < 40; index += 1) {
        // Mostly one step at a time; now and then a burst at once across both instances, at most one
        // reversal per purchase in a burst (the order of two events of one purchase is the provider's).
        const size = random() < 0.2 ? 2 + Math.floor(random() * 3) : 1
        const burst: Step[] = []
        for (let n = 0; n < size; n += 1) {
          const step = walk.nextStep(random, users)
          if (touches(step) !== null && burst.some((other) => touches(other) === touches(step))) continue
          burst.push(step)
        }
        const before = burst.length === 1 && burst[0]?.kind === 'replay' ? await snapshot(one.db) : null
        const results = await runBurst(burst, (step, n) => walk.run(n % 2 === 0 ? one.db : two.db, step))
        const where = `seed ${seed}, step ${index}: ${burst.map((step) => step.kind).join(' + ')}`
        const broken = await brokenRules(walk, users, one.db)
        // Credits that came back settle what is still owed, as far as they go.
        const cameBack = burst.length === 1 && results[0]?.creditsCameBack === true ? burst[0] : undefined
        if (cameBack !== undefined && 'userId' in cameBack) broken.push(...(await owedWhileCredits(walk, cameBack.userId, one.db)))
        // A replay alone changes nothing at all.
        if (before !== null && JSON.stringify(await snapshot(one.db)) !== JSON.stringify(before)) broken.push('a replay changed the books')
        expect({ where, broken }).toEqual({ where, broken: [] })
      }
    }
  }, 240_000)
})

/** The purchase a step touches, if any. */
const touches = (step: Step): string | null => ('sessionId' in step ? step.sessionId : null)

/** The rules, after a step: balance = ledger sum and never below zero; taken back (the ledger) + unrecovered = what was reversed. */
async function brokenRules(walk: MoneyWalk, users: readonly string[], db: Kysely<Database>): Promise<string[]> {
  const broken: string[] = []
  for (const userId of users) {
    const balance = await balanceHundredths(db, userId)
    const sum = await ledgerSumHundredths(db, userId)
    if (balance !== sum) broken.push(`balance ${balance} is not the ledger sum ${sum}`)
    if (balance < 0) broken.push(`balance ${balance} below zero`)
  }
  for (const session of walk.sessions.values()) {
    const row = await sessionRow(db, session.id)
    const takenBack = await takenBackHundredths(db, session.id)
    if (row.taken_back_hundredths !== takenBack) broken.push(`${session.id}: books say ${row.taken_back_hundredths} taken back, the ledger ${takenBack}`)
    const owed = walk.owedHundredths(session.id)
    if (takenBack + row.unrecovered_hundredths !== owed) {
      broken.push(`${session.id}: taken back ${takenBack} + unrecovered ${row.unrecovered_hundredths} is not the ${owed} reversed`)
    }
  }
  return broken
}

/** Right after credits came back to a user: nothing still owed while the balance holds credits. */
async function owedWhileCredits(walk: MoneyWalk, userId: string, db: Kysely<Database>): Promise<string[]> {
  if ((await balanceHundredths(db, userId)) === 0) return []
  let owed = 0
  for (const session of walk.sessions.values()) if (session.userId === userId) owed += (await sessionRow(db, session.id)).unrecovered_hundredths
  return owed === 0 ? [] : [`${owed} still owed while the balance holds credits`]
}

/** The money tables as they stand (ledger rows, balances, the sessions' books). */
async function snapshot(db: Kysely<Database>) {
  return {
    ledger: await db.selectFrom('credit_ledger').select(['idempotency_key', 'amount_hundredths']).orderBy('idempotency_key').execute(),
    users: await db.selectFrom('users').select(['_id', 'credits_hundredths']).orderBy('_id').execute(),
    sessions: await db
      .selectFrom('checkout_sessions')
      .select(['id', 'refunded_cents', 'taken_back_hundredths', 'unrecovered_hundredths'])
      .orderBy('id')
      .execute(),
  }
}
