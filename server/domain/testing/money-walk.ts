import { randomUUID } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema.ts'
import type { DisputeStatus } from '../../db/schema-privacy.ts'
import { completeJob, failJob, GenerationInProgressError, insertJob } from '../generations-jobs.ts'
import { InsufficientCreditsError } from '../credits.ts'
import { applyReversal, type ReversalChange } from '../payment-reversals.ts'
import { fulfilCheckoutSession, recordCheckoutSession } from '../payments.ts'

// A random walk through everything that moves a user's credits: purchases
// (credited at once or later), a job's hold, the hold's refund when the job
// fails, completion, refunds and disputes at the payment provider, and
// replays of any event seen before. Each step is one operation or a burst of
// them at once; the walk keeps its own model of what each purchase's
// reversals amount to, so a test can check the database against it.

/** A small seeded PRNG (mulberry32): a failing seed replays the same walk. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

interface SessionModel {
  id: string
  userId: string
  amountCents: number
  credits: number
  credited: boolean
  /** The provider's largest running refund total seen. */
  refundedCents: number
  disputes: Map<string, { amountCents: number; status: DisputeStatus }>
}

export type Step =
  | { kind: 'purchase'; userId: string; credit: boolean }
  | { kind: 'fulfil'; sessionId: string }
  | { kind: 'hold'; userId: string; costHundredths: number }
  | { kind: 'fail'; userId: string }
  | { kind: 'complete'; userId: string }
  | { kind: 'reversal'; sessionId: string; change: ReversalChange }
  | { kind: 'replay'; sessionId: string; change: ReversalChange }

export interface MoneyWalk {
  sessions: Map<string, SessionModel>
  /** Every reversal event applied so far, for replays. */
  events: { sessionId: string; change: ReversalChange }[]
  /** What the provider's reversals of a session amount to, in hundredths (0 until it was credited). */
  owedHundredths(sessionId: string): number
  /** A random next step for one of the users. */
  nextStep(random: () => number, userIds: readonly string[]): Step
  /** Runs a step against a database; answers whether credits came back to the user (a hold refunded). */
  run(db: Kysely<Database>, step: Step): Promise<{ creditsCameBack: boolean }>
}

const PRICES = [2000, 3500, 5500, 2345] as const
const HOLD_STATES: readonly DisputeStatus[] = ['open', 'lost']

const pick = <T>(random: () => number, items: readonly T[]): T => {
  const item = items[Math.floor(random() * items.length)]
  if (item === undefined) throw new Error('nothing to pick from')
  return item
}

async function activeJob(db: Kysely<Database>, userId: string): Promise<string | null> {
  const row = await db.selectFrom('generations').select('id').where('user_id', '=', userId).where('status', 'in', ['queued', 'running']).executeTakeFirst()
  return row?.id ?? null
}

export function createMoneyWalk(): MoneyWalk {
  const sessions = new Map<string, SessionModel>()
  const events: MoneyWalk['events'] = []

  function owedHundredths(sessionId: string): number {
    const session = sessions.get(sessionId)
    if (session === undefined || !session.credited) return 0
    const held = [...session.disputes.values()].filter((d) => HOLD_STATES.includes(d.status)).reduce((sum, d) => sum + d.amountCents, 0)
    const full = session.credits * 100
    return Math.min(full, Math.floor((full * Math.min(session.refundedCents + held, session.amountCents)) / session.amountCents))
  }

  function reversalFor(random: () => number, session: SessionModel): ReversalChange {
    const eventId = `evt_${randomUUID()}`
    if (random() < 0.55) {
      const refunded = Math.min(session.amountCents, session.refundedCents + 1 + Math.floor(random() * session.amountCents * 0.6))
      return { kind: 'refund', eventId, chargedCents: session.amountCents, refundedCents: refunded }
    }
    const known = [...session.disputes.keys()]
    const disputeId = known.length > 0 && random() < 0.7 ? pick(random, known) : `dp_${randomUUID()}`
    const status = pick(random, ['open', 'won', 'lost', 'closed'] as const)
    const amountCents = session.disputes.get(disputeId)?.amountCents ?? 1 + Math.floor(random() * session.amountCents)
    return { kind: 'dispute', eventId, disputeId, amountCents, status }
  }

  /** What the server does with an event, in the model: the refund total only grows; a closed dispute stays as it closed. */
  function record(sessionId: string, change: ReversalChange): void {
    const session = sessions.get(sessionId)
    if (session === undefined) return
    if (change.kind === 'refund') {
      session.refundedCents = Math.max(session.refundedCents, Math.round((session.amountCents * change.refundedCents) / change.chargedCents))
      return
    }
    // A closed dispute stays as it closed: an older event of it, delivered late, changes nothing.
    const existing = session.disputes.get(change.disputeId)
    if (existing !== undefined && existing.status !== 'open') return
    session.disputes.set(change.disputeId, { amountCents: change.amountCents, status: change.status })
  }

  function nextStep(random: () => number, userIds: readonly string[]): Step {
    const userId = pick(random, userIds)
    const own = [...sessions.values()].filter((s) => s.userId === userId)
    const roll = random()
    if (own.length === 0 || roll < 0.14) return { kind: 'purchase', userId, credit: random() < 0.8 }
    const open = own.filter((s) => !s.credited)
    if (open.length > 0 && roll < 0.2) return { kind: 'fulfil', sessionId: pick(random, open).id }
    if (roll < 0.38) return { kind: 'hold', userId, costHundredths: pick(random, [175, 200, 350, 700, 1100]) }
    if (roll < 0.52) return { kind: 'fail', userId }
    if (roll < 0.58) return { kind: 'complete', userId }
    const ownEvents = events.filter((e) => sessions.get(e.sessionId)?.userId === userId)
    if (ownEvents.length > 0 && roll < 0.74) {
      const seen = pick(random, ownEvents)
      return { kind: 'replay', sessionId: seen.sessionId, change: seen.change }
    }
    const session = pick(random, own)
    return { kind: 'reversal', sessionId: session.id, change: reversalFor(random, session) }
  }

  async function run(db: Kysely<Database>, step: Step): Promise<{ creditsCameBack: boolean }> {
    switch (step.kind) {
      case 'purchase': {
        const amountCents = PRICES[sessions.size % PRICES.length] ?? 2000
        const id = `local_${randomUUID()}`
        const purchase = { tier: 'custom' as const, amountCents, credits: Math.floor(amountCents / 175), stripePriceId: null }
        sessions.set(id, { id, userId: step.userId, amountCents, credits: purchase.credits, credited: false, refundedCents: 0, disputes: new Map() })
        await recordCheckoutSession(db, { id, userId: step.userId, provider: 'local', purchase })
        if (step.credit) return run(db, { kind: 'fulfil', sessionId: id })
        return { creditsCameBack: false }
      }
      case 'fulfil': {
        const result = await fulfilCheckoutSession(db, step.sessionId, null)
        const session = sessions.get(step.sessionId)
        if (session !== undefined && (result === 'credited' || result === 'already_credited')) session.credited = true
        return { creditsCameBack: false }
      }
      case 'hold': {
        const params = {
          input: { kind: 'consistent' as const, prompt: 'walk', imageUrl: 'https://example.test/face.png', durationSeconds: 5 },
          settings: { seed: 1, pro_mode: false, aspect_ratio: '9:16', resolution: '1080p' },
          demo: false,
        }
        try {
          await insertJob(db, { userId: step.userId, provider: 'local', params, prompt: 'walk', costHundredths: step.costHundredths })
        } catch (error) {
          if (!(error instanceof InsufficientCreditsError) && !(error instanceof GenerationInProgressError)) throw error
        }
        return { creditsCameBack: false }
      }
      case 'fail': {
        const jobId = await activeJob(db, step.userId)
        return { creditsCameBack: jobId !== null && (await failJob(db, jobId, 'The provider failed')) }
      }
      case 'complete': {
        const jobId = await activeJob(db, step.userId)
        if (jobId !== null) await completeJob(db, jobId, { state: 'completed', progress: { current: 1, total: 1 }, outputUrl: '/media/none.mp4' })
        return { creditsCameBack: false }
      }
      case 'reversal':
      case 'replay': {
        // A replay is the same content again: the server (and the model) treat it like any event.
        if (step.kind === 'reversal') events.push({ sessionId: step.sessionId, change: step.change })
        record(step.sessionId, step.change)
        await applyReversal(db, step.sessionId, step.change)
        return { creditsCameBack: false }
      }
    }
  }

  return { sessions, events, owedHundredths, nextStep, run }
}
