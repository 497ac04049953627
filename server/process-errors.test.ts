import { execFile } from 'node:child_process'
import { EventEmitter } from 'node:events'
import path from 'node:path'
import { Writable } from 'node:stream'
import { pino } from 'pino'
import { describe, expect, it } from 'vitest'
import { handleProcessErrors, type ProcessEvents } from './process-errors.ts'

// An error outside any request (docs/decisions/0227): logged with its
// context; an uncaught exception stops the process with 1, an unhandled
// rejection does not.

function captured() {
  const lines: Record<string, unknown>[] = []
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()))
      done()
    },
  })
  return { log: pino({ level: 'info' }, sink), lines }
}

function fakeProcess(): EventEmitter & ProcessEvents {
  return new EventEmitter()
}

describe('errors outside a request', () => {
  it('logs an unhandled rejection with its context and keeps the process running', () => {
    const { log, lines } = captured()
    const events = fakeProcess()
    const stops: number[] = []
    let now = 1_000_000
    handleProcessErrors({ log, role: 'worker', stop: (code) => stops.push(code), events, now: () => now })
    now += 42_000
    events.emit('unhandledRejection', new Error('the mail server hung up'))
    events.emit('unhandledRejection', 'a bare string')
    expect(stops).toEqual([])
    expect(lines).toMatchObject([
      { level: 50, role: 'worker', kind: 'unhandled-rejection', pid: process.pid, uptimeSeconds: 42, err: { message: 'the mail server hung up' } },
      { level: 50, kind: 'unhandled-rejection', err: { message: 'rejected with a non-error: a bare string' } },
    ])
  })

  it('logs an uncaught exception as fatal with its context and stops the process with 1', () => {
    const { log, lines } = captured()
    const events = fakeProcess()
    const stops: number[] = []
    handleProcessErrors({ log, role: 'api', stop: (code) => stops.push(code), events })
    const error = new Error('Cannot pipe to a closed or destroyed stream')
    events.emit('uncaughtException', error, 'uncaughtException')
    expect(stops).toEqual([1])
    expect(lines).toMatchObject([
      {
        level: 60,
        role: 'api',
        kind: 'uncaught-exception',
        origin: 'uncaughtException',
        err: { message: error.message, stack: expect.stringContaining('process-errors.test.ts') },
      },
    ])
  })

  it('in a real process: a rejection leaves it running, a throw ends it with exit code 1 after the log line', async () => {
    const module = path.join(import.meta.dirname, 'process-errors.ts')
    const script = `
      import { pino } from 'pino'
      import { handleProcessErrors } from ${JSON.stringify(module)}
      handleProcessErrors({ log: pino(), role: 'api', stop: (code) => process.exit(code) })
      void Promise.reject(new Error('nobody awaited this'))
      setTimeout(() => { console.log('still running'); throw new Error('a stream broke outside any request') }, 50)
      setTimeout(() => console.log('never printed'), 5000)
    `
    const result = await new Promise<{ code: number | null; stdout: string }>((resolve) => {
      const child = execFile(process.execPath, ['--input-type=module', '-e', script], { cwd: import.meta.dirname }, (error, stdout) =>
        resolve({ code: error === null ? 0 : typeof error.code === 'number' ? error.code : null, stdout }),
      )
      child.stdin?.end()
    })
    expect(result.code).toBe(1)
    const lines = result.stdout.trim().split('\n')
    expect(lines).toHaveLength(3)
    expect(JSON.parse(lines[0] ?? '')).toMatchObject({ level: 50, kind: 'unhandled-rejection', err: { message: 'nobody awaited this' } })
    expect(lines[1]).toBe('still running')
    expect(JSON.parse(lines[2] ?? '')).toMatchObject({ level: 60, kind: 'uncaught-exception', err: { message: 'a stream broke outside any request' } })
  })
})
