// `npm test`: every suite, in phases that share the machine's two cores
// (docs/decisions/0243). Suites of a phase run side by side: the first streams
// its output, the others' is printed whole after it, so no lines are
// interleaved. A failed phase stops the run after it; the exit code says
// whether everything passed. Each suite runs in its own process group, which
// is ended if this script is stopped, so nothing outlives it.
import { spawn } from 'node:child_process'

const PHASES: readonly (readonly string[])[] = [
  // Types, lint and the catalogs: quick, and they fail fast on a broken tree.
  ['test:static'],
  // Unit tests keep the cores busy while the engine journeys and the journey
  // through start:cluster mostly wait on the browsers, the renderer and the jobs.
  ['test:unit', 'test:cluster'],
  // The engines' journeys render real lip syncs and captions on WebKit and Firefox: beside
  // the unit suite's ffmpeg tests they starve each other on two cores, so they get a phase.
  ['test:engines'],
  // Chromium's suite uses both cores (two workers) by itself.
  ['test:e2e'],
]

const npm = process.env.npm_execpath
const running = new Set<number>()

function say(line: string): void {
  process.stdout.write(`${line}\n`)
}

interface Result {
  script: string
  ok: boolean
  seconds: number
  /** What a suite that ran alongside printed, held back until the streamed one is done. */
  output: Buffer
}

function run(script: string, live: boolean): Promise<Result> {
  const started = Date.now()
  const [command, args] = npm === undefined ? ['npm', ['run', script]] : [process.execPath, [npm, 'run', script]]
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], detached: true, env: process.env })
  if (child.pid !== undefined) running.add(child.pid)
  const buffered: Buffer[] = []
  const take = (stream: NodeJS.WriteStream) => (data: Buffer) => (live ? stream.write(data) : buffered.push(data))
  child.stdout.on('data', take(process.stdout))
  child.stderr.on('data', take(process.stderr))
  return new Promise((resolve) => {
    child.on('close', (code) => {
      if (child.pid !== undefined) running.delete(child.pid)
      const seconds = Math.round((Date.now() - started) / 1000)
      if (live) say(`── ${script}: ${code === 0 ? 'passed' : `failed (exit ${code})`} in ${seconds} s ──`)
      resolve({ script, ok: code === 0, seconds, output: Buffer.concat(buffered) })
    })
  })
}

function stopAll(): void {
  for (const pid of running) {
    try {
      process.kill(-pid, 'SIGTERM')
    } catch {
      // Already gone.
    }
  }
}
process.on('SIGINT', () => {
  stopAll()
  process.exit(130)
})
process.on('SIGTERM', () => {
  stopAll()
  process.exit(143)
})

const results: Result[] = []
for (const phase of PHASES) {
  say(`\n── ${phase.join(' + ')} ──`)
  const [streamed, ...alongside] = await Promise.all(phase.map((script, index) => run(script, index === 0)))
  for (const result of alongside) {
    say(`\n── ${result.script} (ran alongside ${streamed?.script}) ──`)
    process.stdout.write(result.output)
    say(`── ${result.script}: ${result.ok ? 'passed' : 'failed'} in ${result.seconds} s ──`)
  }
  results.push(...(streamed === undefined ? [] : [streamed]), ...alongside)
  if (results.some((result) => !result.ok)) break
}

const failed = results.filter((result) => !result.ok)
say(`\n${results.map((result) => `${result.script} ${result.ok ? 'passed' : 'FAILED'} (${result.seconds} s)`).join(', ')}`)
say(`suites: ${results.length - failed.length} passed, ${failed.length} failed`)
process.exit(failed.length === 0 && results.length === PHASES.flat().length ? 0 : 1)
