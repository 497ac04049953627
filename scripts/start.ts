// `npm start`: the whole product on one machine with no account anywhere and no
// internet. Builds the PWA when dist/ is missing, starts the Firebase Auth
// Emulator (firebase.json, project demo-actorly), runs the API server that also
// serves the PWA on 127.0.0.1 and one worker that renders the jobs
// (docs/decisions/0210), prints the one URL, and stops everything on Ctrl+C.
// It also makes spec §6's demo account in the emulator and prints how to sign in
// with it (decision 0255).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { startAuthEmulator } from '../server/auth/emulator-process.ts'
import { DEFAULT_PORT } from '../server/config.ts'
import { demoAccountFrom, ensureDemoAccount } from './demo-account.ts'
import { emailedLinkFrom } from './emailed-links.ts'

const root = path.resolve(import.meta.dirname, '..')
const distDir = path.resolve(root, process.env.ACTORLY_DIST ?? 'dist')
const dataDir = path.resolve(root, process.env.DATA_DIR ?? 'data')
const port = Number(process.env.PORT ?? DEFAULT_PORT)
const emulatorHost = '127.0.0.1:9099'
const say = (line: string): void => void process.stdout.write(`${line}\n`)
const appOrigin = `http://127.0.0.1:${port}`
const projectId = 'demo-actorly'
// The app learns the demo account at build time and the server at start; both get the same email.
const demo = demoAccountFrom(process.env)

if (!existsSync(path.join(distDir, 'index.html'))) {
  say('actorly: building the app (first start)…')
  const vite = path.join(path.dirname(createRequire(import.meta.url).resolve('vite/package.json')), 'bin', 'vite.js')
  const env = { ...process.env, ACTORLY_DIST: distDir, VITE_DEMO_ACCOUNT_EMAIL: demo.email }
  const build = spawnSync(process.execPath, [vite, 'build'], { cwd: root, stdio: 'inherit', env })
  if (build.status !== 0) process.exit(build.status ?? 1)
}

/** Whether the built app names the demo account (Vite writes VITE_DEMO_ACCOUNT_EMAIL into its code). */
function buildKnowsDemoAccount(): boolean {
  const assets = path.join(distDir, 'assets')
  if (!existsSync(assets)) return false
  const quoted = ['"', "'", '`'].map((quote) => `${quote}${demo.email}${quote}`)
  return readdirSync(assets).some((file) => {
    if (!file.endsWith('.js')) return false
    const code = readFileSync(path.join(assets, file), 'utf8')
    return quoted.some((literal) => code.includes(literal))
  })
}

mkdirSync(dataDir, { recursive: true })
say('actorly: starting the Firebase Auth Emulator…')
const emulator = await startAuthEmulator({
  projectId,
  configPath: path.join(root, 'firebase.json'),
  port: 9099,
  workDir: dataDir,
  // No mail server here: print the links the emulator would have emailed (verification, password reset).
  onOutput: (text) => {
    for (const line of text.split('\n')) {
      const link = emailedLinkFrom(line, appOrigin)
      if (link) say(`\n  actorly: ${link.purpose === 'verify' ? 'verification' : 'password reset'} email to ${link.email}:\n  ${link.appUrl}\n`)
    }
  },
})

const env = {
  ...process.env,
  HOST: '127.0.0.1',
  PORT: String(port),
  DATA_DIR: dataDir,
  ACTORLY_DIST: distDir,
  FIREBASE_AUTH_EMULATOR_HOST: emulatorHost,
  FIREBASE_PROJECT_ID: projectId,
  DEMO_ACCOUNT_EMAIL: demo.email,
}
const server = spawn(process.execPath, [path.join(root, 'server', 'main.ts')], { cwd: root, stdio: 'inherit', env })
// The same settings: the worker saves results into the same media store, signed by the same key.
const worker = spawn(process.execPath, [path.join(root, 'server', 'worker.ts')], { cwd: root, stdio: 'inherit', env })

/** SIGTERM, then waits for the exit (a worker gives its jobs back first). */
function ended(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  return new Promise((resolve) => {
    child.once('exit', () => resolve())
    child.kill('SIGTERM')
  })
}

// Set from signal and exit handlers while the health loop below awaits.
const run = { stopping: false }
async function stop(code: number): Promise<void> {
  if (run.stopping) return
  run.stopping = true
  await Promise.all([ended(server), ended(worker)])
  await emulator.stop()
  process.exit(code)
}
server.on('exit', (code) => void stop(code ?? 0))
worker.on('exit', (code) => void stop(code ?? 0))
process.on('SIGINT', () => void stop(0))
process.on('SIGTERM', () => void stop(0))

const url = appOrigin
for (let attempt = 0; attempt < 120 && !run.stopping; attempt++) {
  const healthy = await fetch(`${url}/api/health`).then((r) => r.ok, () => false)
  if (healthy) {
    say(`\n  Actorly is running at ${url}\n  (auth emulator ${emulatorHost}, data in ${path.relative(root, dataDir) || '.'}/; Ctrl+C stops)\n`)
    await announceDemoAccount()
    break
  }
  await new Promise((resolve) => setTimeout(resolve, 250))
}

/** Makes the demo account (the emulator forgot it when it last stopped) and says how to use it. */
async function announceDemoAccount(): Promise<void> {
  try {
    await ensureDemoAccount(emulatorHost, projectId, demo)
  } catch (error) {
    say(`  actorly: the demo account could not be made (${error instanceof Error ? error.message : String(error)})\n`)
    return
  }
  say(`  Demo account (free generations, faster progress; spec §6): sign in as\n    ${demo.email}\n    password: ${demo.password}\n`)
  if (!buildKnowsDemoAccount()) {
    say(`  Note: the app in ${path.relative(root, distDir) || '.'}/ was built without this demo account, so it will not use the demo path.\n  Delete that folder and run npm start again to rebuild it with VITE_DEMO_ACCOUNT_EMAIL=${demo.email}.\n`)
  }
}
