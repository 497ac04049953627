import type { Kysely } from 'kysely'
import { type StatusResponse, statusResponseSchema } from '../../contract/generations.ts'
import type { Database } from '../db/schema.ts'
import { balanceHundredths, ledgerSumHundredths } from '../domain/credits.ts'
import type { GenerationTestApp } from './generation-app.ts'

/** Polls a status call (as the app does) until the job is completed or failed. */
export async function waitForEnd(
  app: GenerationTestApp,
  call: { path: string; json: unknown; token: string },
  timeoutMs = 90_000,
): Promise<StatusResponse & { seen: StatusResponse[] }> {
  const seen: StatusResponse[] = []
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    const res = await app.request(call.path, { token: call.token, json: call.json })
    if (res.status !== 200) throw new Error(`status call answered ${res.status}: ${await res.text()}`)
    const status = statusResponseSchema.parse(await res.json())
    seen.push(status)
    if (status.status === 'completed' || status.status === 'failed') return { ...status, seen }
    await new Promise((resolve) => setTimeout(resolve, 150))
  }
  throw new Error(`the job did not end within ${timeoutMs} ms; last: ${JSON.stringify(seen.at(-1))}`)
}

/** The balance, after checking it equals the ledger sum (docs/architecture.md, "Money and jobs"). */
export async function balanceOf(db: Kysely<Database>, userId: string): Promise<number> {
  const balance = await balanceHundredths(db, userId)
  const sum = await ledgerSumHundredths(db, userId)
  if (balance !== sum) throw new Error(`balance ${balance} differs from the ledger sum ${sum}`)
  return balance
}

export async function ledgerKeysOf(db: Kysely<Database>, userId: string): Promise<string[]> {
  const rows = await db.selectFrom('credit_ledger').select('idempotency_key').where('user_id', '=', userId).orderBy('created_at').execute()
  return rows.map((row) => row.idempotency_key)
}

export async function jobCount(db: Kysely<Database>, userId: string): Promise<number> {
  const rows = await db.selectFrom('generations').select('id').where('user_id', '=', userId).execute()
  return rows.length
}

/** A UGC start body of spec §7 (`/generate`) for the user: 9:16, 1080p, standard quality; the test says what it is about. */
export function ugcRequest(user: { id: string; email: string }, fields: { prompt: string; duration?: number | string } & Record<string, unknown>) {
  return { pro_mode: false, aspect_ratio: '9:16', resolution: '1080p', duration: 5, user_email: user.email, user_id: user.id, ...fields }
}

/** Reads until `done` holds (every 50 ms), or fails naming what it waited for and what it saw last. */
export async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await read()
    if (done(value)) return value
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}: ${JSON.stringify(value)}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}
