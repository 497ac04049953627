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
