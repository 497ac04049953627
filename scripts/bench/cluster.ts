// Bench rows for several servers (docs/decisions/0218), information with a
// target each, on the topology `npm run start:cluster` runs (scripts/run/):
// a throwaway PostgreSQL, the Auth and Storage emulators, two API instances
// and the round-robin balancer in front, and two workers.
// - Status poll: 400 pollers at one poll a second through the balancer to the
//   two instances (target: p99 <= 50 ms, the one-machine budget with twice
//   the pollers on twice the instances; both share this machine's two cores).
// - Worker takeover: a worker holding a local render's lease is killed with
//   SIGKILL; the time until the other worker holds the job (target: the lease
//   time + 2 s), and until the video is done.
// Runs in `npm run bench` or alone: node_modules/.bin/node scripts/bench/cluster.ts
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Options } from 'autocannon'
import { startCluster, type Cluster } from '../run/cluster.ts'
import { CLUSTER_BENCH_DEFAULTS, clusterPorts } from '../run/cluster-ports.ts'
import { Supervisor } from '../run/supervisor.ts'
import { finishedGeneration, steadyPollers, userWithCredits } from './api-poll.ts'
import type { BenchContext, BenchRow, Measure } from './bench-row.ts'
import { budgets } from './budgets.ts'
import { workerTakeover } from './worker-takeover.ts'

const pollers = 400
/** Short, so the bench waits little; the production default is 30 s (docs/operations/generation.md). */
export const BENCH_LEASE_SECONDS = 6

const say = (line: string): void => void process.stderr.write(`bench: ${line}\n`)

async function withCluster<T>(distDir: string | undefined, measure: (cluster: Cluster) => Promise<T>): Promise<T> {
  const supervisor = new Supervisor({ say, onEnd: () => {} })
  // Without a built app the instances answer the API only.
  const emptyDist = await mkdtemp(path.join(tmpdir(), 'actorly-bench-no-dist-'))
  try {
    const cluster = await startCluster(supervisor, {
      ports: clusterPorts({}, 2, CLUSTER_BENCH_DEFAULTS),
      // Started below and not watched: the takeover kills one.
      workers: 0,
      distDir: distDir ?? emptyDist,
      demoEmail: 'demo@actorly.local',
      output: 'ignore',
      settings: { LOG_LEVEL: 'silent', JOB_LEASE_SECONDS: String(BENCH_LEASE_SECONDS), FORM_RATE_LIMIT_BURST: '1000' },
      say,
    })
    await cluster.addWorker()
    await cluster.addWorker()
    return await measure(cluster)
  } finally {
    await supervisor.stop()
    await rm(emptyDist, { recursive: true, force: true })
  }
}

export async function measureCluster(distDir?: string): Promise<BenchRow[]> {
  return withCluster(distDir, async (cluster) => {
    const caller = await userWithCredits(cluster.origin, cluster.authEmulatorHost)
    const requestId = await finishedGeneration(caller)
    const target: Options = {
      url: `${cluster.origin}/api/fal/v1/generatedVideo`,
      method: 'POST',
      headers: { authorization: `Bearer ${caller.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ request_id: requestId }),
    }
    const poll = await steadyPollers(target, pollers, ' through the balancer to 2 instances on PostgreSQL')
    const pollRow: BenchRow = { ...poll, budget: `target <= ${budgets.statusPollP99Ms} ms (information)` }
    return [pollRow, await workerTakeover(cluster, caller, BENCH_LEASE_SECONDS)]
  })
}

export const clusterMeasures: Measure = {
  name: 'Cluster: status poll and worker takeover',
  run: ({ distDir }: BenchContext) => measureCluster(distDir),
}

if (import.meta.main) {
  for (const row of await measureCluster()) {
    process.stdout.write(`${row.what}: ${row.value} (${row.budget}) ${row.pass ? 'pass' : 'over target'}\n`)
  }
}
