// `npm run test:unit`: Vitest over every project. When the run fails only
// because a test process died (a signal such as SIGABRT from the runtime, not
// an assertion), the files it was running are run once more on their own; a
// real test failure is never retried (docs/decisions/0290).
import { spawn } from 'node:child_process'
import { crashedOnly } from './vitest-crash.ts'

const vitest = 'node_modules/vitest/vitest.mjs'

function runVitest(args: readonly string[]): Promise<{ code: number; output: string }> {
  const child = spawn(process.execPath, [vitest, 'run', ...args], { stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  const tee = (stream: NodeJS.WriteStream) => (data: Buffer) => {
    output += data.toString()
    stream.write(data)
  }
  child.stdout.on('data', tee(process.stdout))
  child.stderr.on('data', tee(process.stderr))
  const stop = () => child.kill('SIGTERM')
  process.on('SIGTERM', stop)
  process.on('SIGINT', stop)
  return new Promise((resolve) => child.on('close', (code) => resolve({ code: code ?? 1, output })))
}

const first = await runVitest(process.argv.slice(2))
const again = first.code === 0 ? [] : crashedOnly(first.output)
if (again.length === 0) process.exit(first.code)
process.stdout.write(`\nA test process died (not a test failure) while running:\n${again.map((file) => `  ${file}\n`).join('')}Running those files once more.\n\n`)
const second = await runVitest(again)
process.exit(second.code)
