import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.ts'

// Some scheduled work must happen once per interval across the cluster, not
// once per worker (a retention sweep: two at once would do the same deletions
// twice). Every worker registers the task; each round goes to the one whose
// conditional update moves the task's next round first. A worker that dies
// mid-round leaves the next round to whoever comes after the interval: the
// work is safe to redo, only wasteful to do twice at once.

/** Takes this round of `name` for `owner` when it is due; false when another worker has it. */
export async function claimRound(db: Kysely<Database>, round: { name: string; owner: string; intervalMs: number; now?: Date }): Promise<boolean> {
  const now = round.now ?? new Date()
  await db
    .insertInto('task_rounds')
    .values({ name: round.name, next_round_at: new Date(0).toISOString(), claimed_by: null })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute()
  const claimed = await db
    .updateTable('task_rounds')
    .set((eb) => ({ next_round_at: new Date(now.getTime() + round.intervalMs).toISOString(), claimed_by: round.owner, rounds: eb('rounds', '+', 1) }))
    .where('name', '=', round.name)
    .where('next_round_at', '<=', now.toISOString())
    .returning('name')
    .executeTakeFirst()
  return claimed !== undefined
}
