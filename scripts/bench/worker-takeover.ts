import { Client } from 'pg'
import type { StartResponse } from '../../contract/generations.ts'
import { DEFAULT_DURATION, DEMO_SEED } from '../../contract/constants.ts'
import type { Cluster } from '../run/cluster.ts'
import { loadNow, type BenchRow } from './bench-row.ts'

// The worker takeover row of scripts/bench/cluster.ts: a UGC job with the
// local renderer is started through the balancer; once a worker holds its
// lease, that worker is killed with SIGKILL (no clean-up, no lease given
// back, its ffmpeg dies with it: decision 0214). Measured from the kill: until
// the job's lease names the other worker (the takeover, decision 0210), and
// until the job is completed. Read from the database every 50 ms.

type Caller = { origin: string; token: string; userId: string }
type JobRow = { status: string; lease_owner: string | null }

const sampleMs = 50
const timeoutMs = 120_000

/** The pid in a worker id (host:pid:suffix, server/jobs/worker-id.ts). */
const pidOf = (owner: string | null): number | null => (owner === null ? null : Number(owner.split(':').at(-2)))

async function until<T>(read: () => Promise<T | null>, what: string): Promise<T> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    const value = await read()
    if (value !== null) return value
    await new Promise((resolve) => setTimeout(resolve, sampleMs))
  }
  throw new Error(`timed out waiting for ${what}`)
}

export async function workerTakeover(cluster: Cluster, caller: Caller, leaseSeconds: number): Promise<BenchRow> {
  const db = new Client({ connectionString: cluster.databaseUrl })
  await db.connect()
  try {
    const started = await fetch(`${caller.origin}/api/fal/v1/generate`, {
      method: 'POST',
      headers: { authorization: `Bearer ${caller.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        prompt: 'A chef in a quiet kitchen shows a bowl of soup, handheld',
        seed: DEMO_SEED,
        duration: DEFAULT_DURATION,
        user_id: caller.userId,
      }),
    })
    if (!started.ok) throw new Error(`generate answered ${started.status}: ${await started.text()}`)
    const { requestId } = (await started.json()) as StartResponse
    const job = async (): Promise<JobRow> => {
      const { rows } = await db.query<JobRow>('SELECT status, lease_owner FROM generations WHERE id = $1', [requestId])
      const row = rows[0]
      if (row === undefined) throw new Error(`job ${requestId} is not in the database`)
      return row
    }
    const holder = await until(async () => {
      const row = await job()
      if (row.status !== 'queued' && row.status !== 'running') throw new Error(`the job ended (${row.status}) before a worker held it`)
      return cluster.workers.find((worker) => worker.pid === pidOf(row.lease_owner)) ?? null
    }, 'a worker to claim the job')
    const killedAt = performance.now()
    process.kill(holder.pid, 'SIGKILL')
    const takenOverAt = await until(async () => {
      const row = await job()
      if (row.status === 'failed') throw new Error('the job failed after its worker was killed')
      const pid = pidOf(row.lease_owner)
      const byOther = row.status === 'completed' || (pid !== null && pid !== holder.pid)
      return byOther ? performance.now() : null
    }, 'another worker to take the job over')
    const completedAt = await until(async () => ((await job()).status === 'completed' ? performance.now() : null), 'the job to complete')
    const seconds = (takenOverAt - killedAt) / 1000
    const target = leaseSeconds + 2
    return {
      what: `Worker takeover after kill -9 of the worker rendering a job (lease ${leaseSeconds} s; video done ${((completedAt - killedAt) / 1000).toFixed(1)} s after the kill)`,
      value: `${seconds.toFixed(1)} s`,
      budget: `target <= ${target} s (information)`,
      pass: seconds <= target,
      load: loadNow(),
    }
  } finally {
    await db.end()
  }
}
