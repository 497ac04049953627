import { spawn } from 'node:child_process'
import { tiedToParent } from '../tied-to-parent.ts'
import { ffmpegPath } from './ffmpeg-binary.ts'

/** Encoding progress in milliseconds of output written, out of the clip's length. */
export interface RenderProgress {
  current: number
  total: number
}
export type ProgressListener = (progress: RenderProgress) => void

const STDERR_TAIL_LINES = 8

function lastLines(text: string, count: number): string {
  return text.trim().split('\n').slice(-count).join('\n')
}

/** ffmpeg failed; the message ends with its last stderr lines. */
export class FfmpegError extends Error {
  override name = 'FfmpegError'
  readonly exitCode: number | null
  readonly stderrTail: string
  /** The last 16 kB ffmpeg wrote to stderr. */
  readonly log: string
  constructor(message: string, exitCode: number | null, log: string) {
    const tail = lastLines(log, STDERR_TAIL_LINES)
    super(tail === '' ? message : `${message}: ${tail}`)
    this.exitCode = exitCode
    this.stderrTail = tail
    this.log = log
  }
}

/** The render was cancelled through its AbortSignal. */
export class RenderAbortedError extends Error {
  override name = 'RenderAbortedError'
  constructor() {
    super('The render was cancelled')
  }
}

/**
 * Reads one `-progress pipe:1` line. ffmpeg writes the time written so far as
 * `out_time_us` and, despite its name, also `out_time_ms` in microseconds.
 */
export function outputMillisFromProgressLine(line: string): number | null {
  const match = /^out_time_(?:us|ms)=(\d+)$/.exec(line.trim())
  return match?.[1] === undefined ? null : Math.floor(Number(match[1]) / 1000)
}

export interface RunFfmpegOptions {
  args: string[]
  /** The clip's length in ms: the progress total. */
  totalMillis?: number
  onProgress?: ProgressListener
  signal?: AbortSignal
  /** Kill timer: ffmpeg is killed and the run rejected after this long (default DEFAULT_FFMPEG_TIMEOUT_MS). */
  timeoutMs?: number
}

/**
 * A run with no timer of its own (probes, fixtures) is killed after this long:
 * reading a header or decoding a 10 MB input takes seconds, so two minutes
 * only ever ends a hung process (a stalled input, a filter that never ends).
 */
export const DEFAULT_FFMPEG_TIMEOUT_MS = 120_000

/** ffmpeg ran past its kill timer and was killed. */
export class FfmpegTimeoutError extends FfmpegError {
  override name = 'FfmpegTimeoutError'
}

/**
 * Runs ffmpeg to completion. Progress is real: 0 once ffmpeg runs, then parsed
 * from `-progress pipe:1` (every 0.5 s; this ffmpeg build has no
 * -stats_period), never decreasing, and ends at exactly `total` when ffmpeg
 * succeeds. Aborting kills the process and rejects with RenderAbortedError;
 * the kill timer kills it and rejects with FfmpegTimeoutError.
 */
export function runFfmpeg({ args, totalMillis, onProgress, signal, timeoutMs = DEFAULT_FFMPEG_TIMEOUT_MS }: RunFfmpegOptions): Promise<string> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted === true) {
      reject(new RenderAbortedError())
      return
    }
    const withProgress = onProgress !== undefined && totalMillis !== undefined
    const fullArgs = ['-hide_banner', '-nostdin', ...(withProgress ? ['-progress', 'pipe:1', '-nostats'] : []), ...args]
    const command = tiedToParent(ffmpegPath(), fullArgs)
    const child = spawn(command.command, command.args, { stdio: ['ignore', 'pipe', 'pipe'] })
    let stderr = ''
    let pending = ''
    let reported = -1
    const report = (current: number): void => {
      if (!withProgress) return
      const clamped = Math.min(Math.max(current, 0), totalMillis)
      if (clamped <= reported) return
      reported = clamped
      onProgress({ current: clamped, total: totalMillis })
    }
    child.stdout.setEncoding('utf8')
    child.stdout.on('data', (chunk: string) => {
      pending += chunk
      const lines = pending.split('\n')
      pending = lines.pop() ?? ''
      for (const line of lines) {
        const millis = outputMillisFromProgressLine(line)
        if (millis !== null) report(millis)
      }
    })
    child.stderr.setEncoding('utf8')
    child.stderr.on('data', (chunk: string) => {
      // Keep only the tail: long renders log a lot.
      stderr = (stderr + chunk).slice(-16_384)
    })
    const onAbort = (): void => {
      child.kill('SIGKILL')
    }
    signal?.addEventListener('abort', onAbort, { once: true })
    let timedOut = false
    const killTimer = setTimeout(() => {
      timedOut = true
      child.kill('SIGKILL')
    }, timeoutMs)
    const settle = (): void => {
      clearTimeout(killTimer)
      signal?.removeEventListener('abort', onAbort)
    }
    child.on('spawn', () => report(0))
    child.on('error', (error) => {
      settle()
      reject(new FfmpegError(`ffmpeg could not start (${error.message})`, null, ''))
    })
    child.on('close', (code) => {
      settle()
      if (signal?.aborted === true) {
        reject(new RenderAbortedError())
      } else if (timedOut) {
        reject(new FfmpegTimeoutError(`ffmpeg ran longer than ${timeoutMs} ms and was killed`, code, stderr))
      } else if (code === 0) {
        if (withProgress) report(totalMillis)
        resolve(stderr)
      } else {
        reject(new FfmpegError(`ffmpeg exited with code ${String(code)}`, code, stderr))
      }
    })
  })
}
