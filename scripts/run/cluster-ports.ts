// Where `npm run start:cluster`'s parts listen, all on 127.0.0.1. Fixed
// defaults so the printed URL stays the same from one start to the next (the
// app's build names its Auth Emulator's port, decision 0101); each can be
// moved by an environment variable. The cluster e2e run uses its own set
// (playwright.cluster.config.ts), so it can run beside a started cluster.

export interface ClusterPorts {
  /** The balancer: the one URL to open (CLUSTER_PORT). */
  balancer: number
  /** The API instances behind it (CLUSTER_PORT + 1, + 2, …). */
  apis: number[]
  /** PostgreSQL (CLUSTER_PG_PORT). */
  postgres: number
  /** The Firebase Auth Emulator (CLUSTER_AUTH_PORT). */
  auth: number
  /** The Firebase Storage emulator (CLUSTER_STORAGE_PORT). */
  storage: number
}

export const CLUSTER_DEFAULTS = { balancer: 4370, postgres: 4379, auth: 9670, storage: 9671 }
/** The cluster e2e run's defaults (CLUSTER_E2E_PORT moves the balancer, the others follow). */
export const CLUSTER_E2E_DEFAULTS = { balancer: 4380, postgres: 4389, auth: 9680, storage: 9681 }
/** The bench's cluster (scripts/bench/cluster.ts), beside the other two. */
export const CLUSTER_BENCH_DEFAULTS = { balancer: 4375, postgres: 4378, auth: 9675, storage: 9676 }

function portFrom(env: Record<string, string | undefined>, name: string, fallback: number): number {
  const text = env[name]
  if (text === undefined || text.trim() === '') return fallback
  const port = Number(text)
  if (!Number.isInteger(port) || port < 1 || port > 65_535) throw new Error(`${name}: expected a port number, got ${text}`)
  return port
}

/** The ports for `instances` API instances; CLUSTER_INSTANCES and CLUSTER_WORKERS are read by the caller. */
export function clusterPorts(env: Record<string, string | undefined>, instances: number, defaults = CLUSTER_DEFAULTS): ClusterPorts {
  const balancer = portFrom(env, 'CLUSTER_PORT', defaults.balancer)
  return {
    balancer,
    apis: Array.from({ length: instances }, (_, index) => balancer + 1 + index),
    postgres: portFrom(env, 'CLUSTER_PG_PORT', defaults.postgres),
    auth: portFrom(env, 'CLUSTER_AUTH_PORT', defaults.auth),
    storage: portFrom(env, 'CLUSTER_STORAGE_PORT', defaults.storage),
  }
}

/** A count from the environment (CLUSTER_INSTANCES, CLUSTER_WORKERS), at least 1. */
export function countFrom(env: Record<string, string | undefined>, name: string, fallback: number): number {
  const text = env[name]
  if (text === undefined || text.trim() === '') return fallback
  const count = Number(text)
  if (!Number.isInteger(count) || count < 1 || count > 8) throw new Error(`${name}: expected 1 to 8, got ${text}`)
  return count
}
