// `npm run start:cluster`: the product as several servers run it
// (docs/operations/deploy.md, docs/decisions/0215), on this machine: a
// throwaway PostgreSQL, the Firebase Auth and Storage emulators, two API
// instances, one worker and a round-robin balancer in front. Prints the one
// URL (the balancer's); Ctrl+C stops everything and deletes the cluster's
// data. Builds the app into .cluster/dist for the cluster's Auth Emulator when
// that build is missing or was made for another one; `--build` always builds.
// Ports and counts: CLUSTER_PORT (balancer, 4370; the instances take the next
// ones), CLUSTER_PG_PORT, CLUSTER_AUTH_PORT, CLUSTER_STORAGE_PORT,
// CLUSTER_INSTANCES (2), CLUSTER_WORKERS (1). Every other variable of ours
// reaches every instance and worker.
import path from 'node:path'
import { demoAccountFrom } from './demo-account.ts'
import { buildApp, builtWith, isBuilt } from './run/app-build.ts'
import { ROOT } from './run/app-processes.ts'
import { startCluster } from './run/cluster.ts'
import { clusterPorts, countFrom } from './run/cluster-ports.ts'
import { announceDemoAccount } from './run/local-auth.ts'
import { Supervisor } from './run/supervisor.ts'

const say = (line: string): void => void process.stdout.write(`${line}\n`)
const ports = clusterPorts(process.env, countFrom(process.env, 'CLUSTER_INSTANCES', 2))
const workers = countFrom(process.env, 'CLUSTER_WORKERS', 1)
const distDir = path.resolve(ROOT, process.env.ACTORLY_DIST ?? '.cluster/dist')
const demo = demoAccountFrom(process.env)
const authEmulatorUrl = `http://127.0.0.1:${ports.auth}`

const fresh = isBuilt(distDir) && builtWith(distDir, authEmulatorUrl) && builtWith(distDir, demo.email)
if (process.argv.includes('--build') || !fresh) {
  say(`cluster: building the app into ${path.relative(ROOT, distDir)}/ for the Auth Emulator at ${authEmulatorUrl}…`)
  const status = buildApp(distDir, { VITE_AUTH_EMULATOR_URL: authEmulatorUrl, VITE_DEMO_ACCOUNT_EMAIL: demo.email })
  if (status !== 0) process.exit(status)
}

const supervisor = new Supervisor({ say, onEnd: (code) => process.exit(code) })
supervisor.stopOnSignals()
try {
  const cluster = await startCluster(supervisor, { ports, workers, distDir, demoEmail: demo.email, output: 'inherit', say })
  say(`\n  Actorly is running at ${cluster.origin}`)
  say(`  (a balancer in front of ${cluster.apis.length} API instances on ports ${ports.apis.join(', ')}, ${workers} worker${workers === 1 ? '' : 's'},`)
  say(`  PostgreSQL on ${ports.postgres}, Auth Emulator ${cluster.authEmulatorHost}, Storage emulator ${cluster.storageEmulatorHost};`)
  say('  Ctrl+C stops everything and deletes the cluster’s data)\n')
  await announceDemoAccount({
    emulatorHost: cluster.authEmulatorHost,
    demo,
    distDir,
    say,
    rebuildHint: 'Run npm run start:cluster -- --build to rebuild it.',
  })
} catch (error) {
  if (!supervisor.stopping) {
    say(`cluster: could not start: ${error instanceof Error ? error.message : String(error)}`)
    await supervisor.stop(1)
  }
}
