import { createWriteStream } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'

// Copies a finished fal result into a temp file so it can go into our media
// store (fal's CDN links expire; the gallery must keep working). The URL comes
// from fal's answer, not from a user; still only https (or the configured
// queue's own origin, for the local fake) and a size cap.

export const MAX_RESULT_BYTES = 300 * 1024 * 1024
const DOWNLOAD_TIMEOUT_MS = 120_000

export class ResultDownloadError extends Error {
  override name = 'ResultDownloadError'
}

async function* chunksOf(body: ReadableStream<Uint8Array>): AsyncGenerator<Uint8Array> {
  const reader = body.getReader()
  for (;;) {
    const { done, value } = await reader.read()
    if (done) return
    yield value
  }
}

export interface DownloadedFile {
  file: string
  cleanup(): Promise<void>
}

export async function downloadResult(
  url: string,
  options: { trustedOrigin: string; fetch?: typeof fetch; maxBytes?: number },
): Promise<DownloadedFile> {
  const target = new URL(url)
  if (target.protocol !== 'https:' && target.origin !== options.trustedOrigin) {
    throw new ResultDownloadError(`Refusing to download a result from ${target.origin}`)
  }
  const maxBytes = options.maxBytes ?? MAX_RESULT_BYTES
  const response = await (options.fetch ?? fetch)(target, { redirect: 'follow', signal: AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS) })
  if (!response.ok || response.body === null) throw new ResultDownloadError(`The result download answered ${response.status}`)
  const dir = await mkdtemp(path.join(os.tmpdir(), 'actorly-fal-'))
  const file = path.join(dir, 'result.mp4')
  let received = 0
  const cap = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      received += chunk.length
      done(received > maxBytes ? new ResultDownloadError(`The result is larger than ${maxBytes} bytes`) : null, chunk)
    },
  })
  try {
    await pipeline(chunksOf(response.body), cap, createWriteStream(file))
  } catch (error) {
    await rm(dir, { recursive: true, force: true })
    throw error
  }
  return { file, cleanup: () => rm(dir, { recursive: true, force: true }) }
}
