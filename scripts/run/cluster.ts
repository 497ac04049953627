import { randomBytes } from 'node:crypto'
import { mkdir } from 'node:fs/promises'
import path from 'node:path'
import type { Readable } from 'node:stream'
import { startStorageEmulator } from '../../server/emulators/storage-emulator.ts'
import { startApi, startBalancerProcess, startWorker, untilHealthy } from './app-processes.ts'
import type { ClusterPorts } from './cluster-ports.ts'
import { makeClusterFolder } from './cluster-folder.ts'
import { LOCAL_PROJECT_ID, startLocalAuth } from './local-auth.ts'
import { startPostgres } from './postgres.ts'
import type { Running } from './processes.ts'
import type { Supervisor } from './supervisor.ts'

// The product on several processes of one machine, as it runs on a managed
// platform (docs/operations/deploy.md, docs/decisions/0215): a throwaway
// PostgreSQL, the Auth and Storage emulators standing in for Firebase, API
// instances that share nothing but the database and the bucket (each its own
// DATA_DIR), workers, and a round-robin balancer in front whose origin is the
// instances' PUBLIC_ORIGIN. Every step registers its stop with the
// supervisor, so a failed start stops what had started.

export interface ClusterOptions {
  ports: ClusterPorts
  workers: number
  /** The built app the instances serve (built for ports.auth's emulator). */
  distDir: string
  /** The demo account's address (spec §6), for the instances. */
  demoEmail: string
  /** inherit: the instances' log lines go to our stdout, each marked with its name; ignore: dropped. */
  output: 'inherit' | 'ignore'
  /** Settings on top of the caller's environment and the cluster's, e.g. a shorter lease for the bench. */
  settings?: Record<string, string>
  say: (line: string) => void
}

export interface Cluster {
  /** The balancer's origin: the one URL. */
  origin: string
  authEmulatorHost: string
  storageEmulatorHost: string
  databaseUrl: string
  apis: Running[]
  workers: Running[]
  /** The balancer's process (scripts/run/balancer-process.ts). */
  balancer: Running
  /**
   * Starts one more worker with the cluster's settings. It is stopped with the
   * cluster, but may end by itself without ending it (the bench kills one).
   */
  addWorker(): Promise<Running>
}

/** Each line a process writes, marked with its name, as one write (lines of different processes never mix). */
function markLines(stream: Readable | null, name: string): void {
  let rest = ''
  stream?.on('data', (chunk: Buffer) => {
    const lines = (rest + chunk.toString()).split('\n')
    rest = lines.pop() ?? ''
    if (lines.length > 0) process.stdout.write(lines.map((line) => `[${name}] ${line}\n`).join(''))
  })
}

function marked(running: Running): Running {
  markLines(running.child.stdout, running.name)
  markLines(running.child.stderr, running.name)
  return running
}

export async function startCluster(supervisor: Supervisor, options: ClusterOptions): Promise<Cluster> {
  const { ports, say } = options
  const origin = `http://127.0.0.1:${ports.balancer}`
  const folder = await makeClusterFolder()
  supervisor.defer('the cluster folder', () => folder.remove())

  say('cluster: starting PostgreSQL, the Auth Emulator and the Storage emulator…')
  // Side by side; each registers its stop as soon as it runs, so a failure of one stops the others.
  const starts = [
    startPostgres({ dir: path.join(folder.dir, 'postgres'), port: ports.postgres }).then((started) => {
      supervisor.defer('PostgreSQL', () => started.server.stop())
      return started
    }),
    mkdir(path.join(folder.dir, 'auth'))
      .then(() => startLocalAuth({ port: ports.auth, workDir: path.join(folder.dir, 'auth'), appOrigin: origin, say }))
      .then((started) => {
        supervisor.defer('the Auth Emulator', () => started.stop())
        return started
      }),
    startStorageEmulator({ projectId: LOCAL_PROJECT_ID, port: ports.storage }).then((started) => {
      supervisor.defer('the Storage emulator', () => started.stop())
      return started
    }),
  ] as const
  await Promise.allSettled(starts)
  const [postgres, auth, storage] = await Promise.all(starts)

  // The caller's whole environment reaches every process (settings other parts add pass through);
  // what makes it a cluster is set on top.
  const shared: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'development',
    HOST: '127.0.0.1',
    PUBLIC_ORIGIN: origin,
    // Behind exactly one proxy of ours, which appends the client's address (docs/decisions/0066).
    TRUST_PROXY: 'true',
    MAX_INSTANCES: String(ports.apis.length),
    DATABASE_URL: postgres.url,
    ACTORLY_DIST: options.distDir,
    FIREBASE_PROJECT_ID: LOCAL_PROJECT_ID,
    FIREBASE_AUTH_EMULATOR_HOST: auth.host,
    MEDIA_STORE: 'cloud',
    MEDIA_BUCKET: `${LOCAL_PROJECT_ID}.appspot.com`,
    FIREBASE_STORAGE_EMULATOR_HOST: storage.host,
    // Links signed by one instance verify on every other; a new one each start.
    MEDIA_SIGNING_SECRET: randomBytes(32).toString('base64url'),
    DEMO_ACCOUNT_EMAIL: options.demoEmail,
    ...options.settings,
  }
  const output = options.output === 'inherit' ? 'pipe' : 'ignore'
  // Nothing on disk is shared: each process has its own DATA_DIR.
  const dataDir = async (name: string): Promise<string> => {
    const dir = path.join(folder.dir, name)
    await mkdir(dir, { recursive: true })
    return dir
  }
  const apis: Running[] = []
  for (const [index, port] of ports.apis.entries()) {
    const name = `api-${index + 1}`
    apis.push(marked(startApi(name, { env: { ...shared, PORT: String(port), DATA_DIR: await dataDir(name) }, output })))
  }
  const workers: Running[] = []
  const addWorker = async (): Promise<Running> => {
    const name = `worker-${workers.length + 1}`
    const running = marked(startWorker(name, { env: { ...shared, DATA_DIR: await dataDir(name) }, output }))
    workers.push(running)
    return running
  }
  for (let index = 0; index < options.workers; index += 1) await addWorker()
  // One of them ending by itself ends the cluster.
  supervisor.watch('the API instances and workers', [...apis, ...workers])

  say(`cluster: starting ${apis.length} API instances and ${workers.length} worker${workers.length === 1 ? '' : 's'}…`)
  for (const [index, port] of ports.apis.entries()) {
    const healthy = await untilHealthy(`http://127.0.0.1:${port}`, { processes: apis, givenUp: () => supervisor.stopping })
    if (!healthy) throw new Error(`api-${index + 1} did not answer on port ${port}`)
  }
  const balancer = await startBalancerProcess(ports.balancer, ports.apis, process.env)
  // Stopped first; ending by itself ends the cluster.
  supervisor.watch('the balancer', [balancer])
  const addStoppableWorker = async (): Promise<Running> => {
    const running = await addWorker()
    supervisor.defer(running.name, () => running.stop())
    return running
  }
  return {
    origin,
    authEmulatorHost: auth.host,
    storageEmulatorHost: storage.host,
    databaseUrl: postgres.url,
    apis,
    workers,
    balancer,
    addWorker: addStoppableWorker,
  }
}
