import { rm } from 'node:fs/promises'
import { AUDIO_URL_TYPES, VIDEO_UPLOAD_TYPES } from '../../../contract/constants.ts'
import { createRemoteFetcher, RemoteFetchError, type RemoteFetcherPolicy } from '../../media/fetch-remote.ts'
import { makeWorkDir } from '../../render/work-dirs.ts'

// Copies a finished fal result into a temp file so it can go into our media
// store (fal's CDN links expire; the gallery must keep working). The URL comes
// from fal's answer, but it is still a URL from outside, so it goes through the
// SSRF-safe fetcher (docs/quality.md: public addresses only, redirects re-checked,
// size and time capped, bytes sniffed as video) and must be https (or the
// configured queue's own origin, for the local fake).

/** fal's CDN labels results by their type; octet-stream is let through because the bytes are sniffed anyway. */
const RESULT_TYPES = {
  video: [...VIDEO_UPLOAD_TYPES, 'application/octet-stream'],
  audio: [...AUDIO_URL_TYPES, 'audio/x-wav', 'audio/wave', 'application/octet-stream'],
} as const

/** `final`: asking again cannot help (refused URL, too large, not a video, a 4xx); otherwise a passing problem. */
export class ResultDownloadError extends Error {
  override name = 'ResultDownloadError'
  readonly final: boolean
  constructor(message: string, final: boolean, options?: ErrorOptions) {
    super(message, options)
    this.final = final
  }
}

/** 4xx except 408/429 means the link itself is bad or gone (the fetcher reports it as "HTTP <status>"). */
function isFinalFetchError(error: RemoteFetchError): boolean {
  if (error.problem === 'url_not_allowed' || error.problem === 'too_large' || error.problem === 'invalid_type') return true
  const status = Number(/HTTP (\d{3})/.exec(error.message)?.[1] ?? 0)
  return status >= 400 && status < 500 && status !== 408 && status !== 429
}

export interface DownloadedFile {
  file: string
  /** The extension of what the bytes sniffed as (mp4, mp3, wav, …). */
  ext: string
  cleanup(): Promise<void>
}

export interface ResultDownloadOptions {
  /** The configured queue's origin: the only non-https origin allowed (the local fake). */
  trustedOrigin: string
  maxBytes: number
  timeoutMs: number
  /** Tests only: the fake's loopback address. */
  policy?: RemoteFetcherPolicy
  /** Where the temp folder goes: the media store's (a move into the disk store is then a rename); default the OS temp folder. */
  dir?: string
  /** What the result is: a video (default), or a voice's audio. */
  kind?: 'video' | 'audio'
  /** Stops the download (the worker lost its lease or shuts down). */
  signal?: AbortSignal
}

export async function downloadResult(url: string, options: ResultDownloadOptions): Promise<DownloadedFile> {
  let target: URL
  try {
    target = new URL(url)
  } catch (error) {
    throw new ResultDownloadError('fal answered a result URL that is not valid', true, { cause: error })
  }
  if (target.protocol !== 'https:' && target.origin !== options.trustedOrigin) {
    throw new ResultDownloadError(`Refusing to download a result from ${target.origin}`, true)
  }
  const dir = await makeWorkDir('fal', options.dir)
  const cleanup = () => rm(dir, { recursive: true, force: true })
  try {
    const kind = options.kind ?? 'video'
    const fetched = await createRemoteFetcher(options.policy).fetchRemoteToFile(target.href, {
      maxBytes: options.maxBytes,
      allowedContentTypes: RESULT_TYPES[kind],
      timeoutMs: options.timeoutMs,
      dir,
      kind,
      ...(options.signal === undefined ? {} : { signal: options.signal }),
    })
    return { file: fetched.path, ext: fetched.type.ext, cleanup }
  } catch (error) {
    await cleanup()
    const final = error instanceof RemoteFetchError && isFinalFetchError(error)
    throw new ResultDownloadError(`The result download failed: ${error instanceof Error ? error.message : String(error)}`, final, { cause: error })
  }
}
