import { currentToken, tokenRefused } from './token-source'

// A multipart upload that reports its progress, can be canceled and tries once
// more by itself when the connection drops (docs/decisions/0252). It uses
// XMLHttpRequest: request-body progress through fetch streams exists in
// Chromium only, XHR's upload events everywhere. The bearer token and its one
// refresh after a 401 follow the product client's rules (src/api/http.ts).

export interface UploadProgress {
  /** Bytes of the request body sent so far. */
  sentBytes: number
  totalBytes: number
}

export type UploadAnswer =
  /** The server answered (any status): its JSON body, or null when it had none. */
  | { kind: 'answered'; status: number; body: unknown }
  /** The user canceled: nothing to say. */
  | { kind: 'canceled' }
  /** No answer, also after the one retry: the connection is gone or stalled. */
  | { kind: 'dropped' }

export interface UploadOptions {
  signal?: AbortSignal
  onProgress?: (progress: UploadProgress) => void
  /** The connection dropped and the upload starts over (once). */
  onRetry?: () => void
  /** Where the API lives; the page's own origin unless a test says otherwise. */
  origin?: string
  /** Tests shorten the waits; the defaults suit a phone's uplink. */
  timing?: Partial<UploadTiming>
}

/** What an upload's caller may follow and stop. */
export type UploadHandlers = Pick<UploadOptions, 'signal' | 'onProgress' | 'onRetry' | 'origin' | 'timing'>

export interface UploadTiming {
  /** No byte sent for this long: the connection counts as dropped. */
  stallMs: number
  /** Once the body is sent, the server may take this long to store and measure it. */
  answerMs: number
  /** Before the retry: a moment for the network to come back (longer while the device is offline). */
  retryDelayMs: number
  offlineWaitMs: number
}

export const UPLOAD_TIMING: UploadTiming = { stallMs: 30_000, answerMs: 120_000, retryDelayMs: 1_000, offlineWaitMs: 30_000 }

type Attempt = { kind: 'answered'; status: number; body: unknown } | { kind: 'canceled' } | { kind: 'dropped' }

function send(url: string, form: FormData, token: string | null, options: UploadOptions, timing: UploadTiming): Promise<Attempt> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest()
    let timer: ReturnType<typeof setTimeout> | undefined
    let settled = false
    const finish = (attempt: Attempt) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      options.signal?.removeEventListener('abort', cancel)
      resolve(attempt)
    }
    // A stall, not the total time, ends an attempt: a large video on a slow uplink may take minutes.
    const wait = (ms: number) => {
      clearTimeout(timer)
      timer = setTimeout(() => {
        finish({ kind: 'dropped' })
        xhr.abort()
      }, ms)
    }
    // Settled first, so the abort event that follows is not taken for the user's cancel.
    function cancel() {
      finish({ kind: 'canceled' })
      xhr.abort()
    }
    xhr.open('POST', url)
    xhr.responseType = 'text'
    if (token !== null) xhr.setRequestHeader('authorization', `Bearer ${token}`)
    xhr.upload.addEventListener('progress', (event) => {
      wait(timing.stallMs)
      if (event.lengthComputable) options.onProgress?.({ sentBytes: event.loaded, totalBytes: event.total })
    })
    xhr.upload.addEventListener('load', () => wait(timing.answerMs))
    xhr.addEventListener('load', () => finish({ kind: 'answered', status: xhr.status, body: parseJson(xhr.responseText) }))
    xhr.addEventListener('error', () => finish({ kind: 'dropped' }))
    xhr.addEventListener('abort', () => finish({ kind: 'canceled' }))
    if (options.signal?.aborted) return cancel()
    options.signal?.addEventListener('abort', cancel)
    wait(timing.stallMs)
    xhr.send(form)
  })
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return null
  }
}

/** Resolves after `ms`, sooner when canceled; while offline it waits for the network (up to `offlineMs`). */
function pause(ms: number, offlineMs: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    const offline = typeof navigator !== 'undefined' && navigator.onLine === false
    const done = () => {
      clearTimeout(timer)
      window.removeEventListener('online', soon)
      signal?.removeEventListener('abort', done)
      resolve()
    }
    const soon = () => {
      clearTimeout(timer)
      timer = setTimeout(done, ms)
    }
    let timer = setTimeout(done, offline ? offlineMs : ms)
    if (offline) window.addEventListener('online', soon)
    signal?.addEventListener('abort', done)
  })
}

/** POSTs `fields` as multipart/form-data to `path` (no leading slash needed) with the user's token. */
export async function postMultipart(path: string, fields: Record<string, string | Blob>, options: UploadOptions = {}): Promise<UploadAnswer> {
  const timing = { ...UPLOAD_TIMING, ...options.timing }
  const url = new URL(path, options.origin ?? window.location.origin).href
  const form = new FormData()
  for (const [name, value] of Object.entries(fields)) form.append(name, value)
  let retried = false
  let refreshed = false
  for (;;) {
    const token = await currentToken(false)
    let attempt = await send(url, form, token, options, timing)
    // A refused token is refreshed once and the upload repeated (src/api/http.ts does the same).
    if (attempt.kind === 'answered' && attempt.status === 401 && token !== null && !refreshed) {
      refreshed = true
      const fresh = await currentToken(true).catch(() => null)
      if (fresh === null) {
        tokenRefused()
        return attempt
      }
      attempt = await send(url, form, fresh, options, timing)
      if (attempt.kind === 'answered' && attempt.status === 401) tokenRefused()
    }
    if (attempt.kind !== 'dropped' || retried || options.signal?.aborted) return options.signal?.aborted ? { kind: 'canceled' } : attempt
    retried = true
    options.onRetry?.()
    await pause(timing.retryDelayMs, timing.offlineWaitMs, options.signal)
    if (options.signal?.aborted) return { kind: 'canceled' }
  }
}
