// `npm start`: the whole product on one machine with no account anywhere and no
// internet. Builds the PWA when dist/ is missing, starts the Firebase Auth
// Emulator (firebase.json, project demo-actorly), runs the API server that also
// serves the PWA on 127.0.0.1 and one worker that renders the jobs
// (docs/decisions/0210), prints the one URL, and stops everything on Ctrl+C.
// It also makes spec §6's demo account in the emulator and prints how to sign in
// with it (decision 0255). The processes are started and stopped by
// scripts/run/, which `npm run start:cluster` and the e2e server share.
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { DEFAULT_PORT } from '../server/config.ts'
import { demoAccountFrom } from './demo-account.ts'
import { buildApp, isBuilt } from './run/app-build.ts'
import { ROOT, startApi, startWorker, untilHealthy } from './run/app-processes.ts'
import { announceDemoAccount, LOCAL_PROJECT_ID, startLocalAuth } from './run/local-auth.ts'
import { Supervisor } from './run/supervisor.ts'

const distDir = path.resolve(ROOT, process.env.ACTORLY_DIST ?? 'dist')
const dataDir = path.resolve(ROOT, process.env.DATA_DIR ?? 'data')
const port = Number(process.env.PORT ?? DEFAULT_PORT)
const emulatorPort = 9099
const say = (line: string): void => void process.stdout.write(`${line}\n`)
const appOrigin = `http://127.0.0.1:${port}`
// The app learns the demo account at build time and the server at start; both get the same email.
const demo = demoAccountFrom(process.env)

if (!isBuilt(distDir)) {
  say('actorly: building the app (first start)…')
  const status = buildApp(distDir, { VITE_DEMO_ACCOUNT_EMAIL: demo.email })
  if (status !== 0) process.exit(status)
}

const supervisor = new Supervisor({ say, onEnd: (code) => process.exit(code) })
supervisor.stopOnSignals()
mkdirSync(dataDir, { recursive: true })
say('actorly: starting the Firebase Auth Emulator…')
const emulator = await startLocalAuth({ port: emulatorPort, workDir: dataDir, configPath: path.join(ROOT, 'firebase.json'), appOrigin, say })
supervisor.defer('the Auth Emulator', () => emulator.stop())

const env = {
  ...process.env,
  HOST: '127.0.0.1',
  PORT: String(port),
  DATA_DIR: dataDir,
  ACTORLY_DIST: distDir,
  FIREBASE_AUTH_EMULATOR_HOST: emulator.host,
  FIREBASE_PROJECT_ID: LOCAL_PROJECT_ID,
  DEMO_ACCOUNT_EMAIL: demo.email,
}
const server = startApi('the API server', { env, output: 'inherit' })
// The same settings: the worker saves results into the same media store, signed by the same key.
const worker = startWorker('the worker', { env, output: 'inherit' })
// Ending by itself (a bad setting, a crash) ends the run with its code.
supervisor.watch('the API server and the worker', [server, worker], 0)

const healthy = await untilHealthy(appOrigin, { processes: [], givenUp: () => supervisor.stopping }).catch(() => false)
if (healthy) {
  say(`\n  Actorly is running at ${appOrigin}\n  (auth emulator ${emulator.host}, data in ${path.relative(ROOT, dataDir) || '.'}/; Ctrl+C stops)\n`)
  await announceDemoAccount({
    emulatorHost: emulator.host,
    demo,
    distDir,
    say,
    rebuildHint: `Delete that folder and run npm start again to rebuild it with VITE_DEMO_ACCOUNT_EMAIL=${demo.email}.`,
  })
}
