// Bench row: p99 latency of the UGC status poll (POST /api/fal/v1/generatedVideo)
// with 200 connections polling flat out for 10 s (quality.md: <= 50 ms on this
// 2-core machine). The real path end to end: server/main.ts in its own process
// on SQLite, a verified Auth Emulator user's bearer token checked on every
// request, credits bought through the local checkout, and the request id of a
// real local render. The poll starts once the render is done, so ffmpeg does
// not share the cores with the server while it is measured. autocannon runs in
// this process, on the same two cores. Note: against the emulator, firebase-admin
// asks it about the account on every verification (revocation check), a round
// trip production reads do not make.
// Runs in `npm run bench` or alone: node_modules/.bin/node scripts/bench/api-poll.ts
import autocannon, { type Result } from 'autocannon'
import type { StartResponse, StatusResponse } from '../../src/contract/generations.ts'
import { DEFAULT_DURATION, DEMO_SEED } from '../../src/lib/constants.ts'
import { createEmulatorAccount } from '../../server/test/emulator-accounts.ts'
import { startApiStack } from './api-stack.ts'
import type { BenchContext, BenchRow, Measure } from './bench-row.ts'
import { budgets } from './budgets.ts'

const pollers = 200
const seconds = Number(process.env.BENCH_API_SECONDS ?? 10)
const renderTimeoutMs = 120_000

type Caller = { origin: string; token: string }

async function call<T>({ origin, token }: Caller, path: string, body: unknown): Promise<T> {
  const response = await fetch(`${origin}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`)
  return response.json()
}

/** A verified user with a saved record and the credits of the starter plan, bought through the local checkout. */
async function userWithCredits(origin: string, emulatorHost: string): Promise<Caller & { userId: string }> {
  const account = await createEmulatorAccount(emulatorHost, { displayName: 'Bench Poller' })
  const caller = { origin, token: account.idToken }
  const saved = await call<{ user: { _id: string } }>(caller, '/api/users/v1', { email: account.email, name: 'Bench Poller' })
  const checkout = await call<{ url: string }>(caller, '/api/payment/v1/create-checkout-session', { user: account.email, priceId: 'starter' })
  const paid = await fetch(`${origin}${checkout.url}/pay`, { method: 'POST', redirect: 'manual' })
  if (paid.status !== 303) throw new Error(`local checkout pay answered ${paid.status}`)
  return { ...caller, userId: saved.user._id }
}

/** Starts one short UGC render and waits until it is done: its id is what the pollers ask about. */
async function finishedGeneration(caller: Caller & { userId: string }): Promise<string> {
  const { requestId } = await call<StartResponse>(caller, '/api/fal/v1/generate', {
    prompt: 'A friendly presenter in a bright kitchen talks about a new blender, handheld',
    seed: DEMO_SEED,
    duration: DEFAULT_DURATION,
    user_id: caller.userId,
  })
  const deadline = Date.now() + renderTimeoutMs
  while (Date.now() < deadline) {
    const status = await call<StatusResponse>(caller, '/api/fal/v1/generatedVideo', { request_id: requestId })
    if (status.status === 'completed') return requestId
    if (status.status === 'failed') throw new Error(`the generation failed: ${status.error ?? 'no reason given'}`)
    await new Promise((resolve) => setTimeout(resolve, 1000))
  }
  throw new Error(`the generation did not finish within ${renderTimeoutMs / 1000} s`)
}

/** E.g. "failed: 12 × 401, 3 errors (1 timeout)". */
function failureNote(result: Result): string {
  const refused = Object.entries(result.statusCodeStats)
    .filter(([code]) => !code.startsWith('2'))
    .map(([code, { count }]) => `${count} × ${code}`)
  const dropped = result.errors > 0 ? [`${result.errors} errors (${result.timeouts} timeouts)`] : []
  return `failed: ${[...refused, ...dropped].join(', ')}`
}

export async function measureStatusPoll(distDir?: string): Promise<BenchRow> {
  const stack = await startApiStack(distDir === undefined ? {} : { distDir })
  try {
    const caller = await userWithCredits(stack.origin, stack.emulatorHost)
    const requestId = await finishedGeneration(caller)
    const result = await autocannon({
      url: `${stack.origin}/api/fal/v1/generatedVideo`,
      method: 'POST',
      headers: { authorization: `Bearer ${caller.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ request_id: requestId }),
      connections: pollers,
      duration: seconds,
    })
    // Refusals or dropped connections are not the poll path: they fail the row, shown in its label.
    const failures = result.non2xx + result.errors + result.timeouts
    const p99 = result.latency.p99
    const notes = [`${Math.round(result.requests.average)} req/s`, `p50 ${result.latency.p50} ms`, ...(failures > 0 ? [failureNote(result)] : [])]
    return {
      what: `API status poll, p99 at ${pollers} concurrent pollers (${notes.join(', ')})`,
      value: `${p99} ms`,
      budget: `<= ${budgets.statusPollP99Ms} ms`,
      pass: p99 <= budgets.statusPollP99Ms && failures === 0,
    }
  } finally {
    await stack.stop()
  }
}

export const statusPoll: Measure = {
  name: 'API status poll',
  run: async ({ distDir }: BenchContext) => [await measureStatusPoll(distDir)],
}

if (import.meta.main) {
  const row = await measureStatusPoll()
  process.stdout.write(`${row.what}: ${row.value} (budget ${row.budget}) ${row.pass ? 'pass' : 'over budget'}\n`)
}
