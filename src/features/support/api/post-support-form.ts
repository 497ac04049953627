import ky, { isHTTPError } from 'ky'

// The two support calls of spec §7 (messages, bug reports) answer
// `{ success, message }`. This turns every way such a call can end into one
// outcome the forms map to their spec §8 wording; nothing here throws.

export type SupportOutcome =
  /** success true. */
  | { kind: 'sent' }
  /** success false, or an error answer; `serverMessage` may be empty. */
  | { kind: 'refused'; serverMessage: string }
  /** HTTP 429: the per-IP limit on anonymous forms (quality.md). */
  | { kind: 'rate-limited' }
  /** No connection: the form keeps its text (quality.md). */
  | { kind: 'offline' }
  /** An exception or an answer we cannot read (spec §8 fail_message2 / failed_msg2). */
  | { kind: 'failed' }

export interface SupportReply {
  success: boolean
  message: string
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null
}

export function readSupportReply(data: unknown): SupportReply | null {
  if (!isRecord(data) || typeof data.success !== 'boolean') return null
  return { success: data.success, message: typeof data.message === 'string' ? data.message : '' }
}

function serverMessageOf(data: unknown): string {
  return isRecord(data) && typeof data.message === 'string' ? data.message : ''
}

function isOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false
}

/** POSTs a support form as JSON; never retried, so a message is not sent twice. */
export async function postSupportForm(path: string, body: object): Promise<SupportOutcome> {
  if (isOffline()) return { kind: 'offline' }
  try {
    // Same-origin API (vite proxies /api); an explicit base also works where
    // Request cannot resolve relative URLs (jsdom in component tests).
    const data: unknown = await ky.post(path, { json: body, retry: 0, baseUrl: window.location.origin }).json()
    const reply = readSupportReply(data)
    if (!reply) return { kind: 'failed' }
    return reply.success ? { kind: 'sent' } : { kind: 'refused', serverMessage: reply.message }
  } catch (error) {
    if (isHTTPError(error)) {
      if (error.response.status === 429) return { kind: 'rate-limited' }
      return { kind: 'refused', serverMessage: serverMessageOf(error.data) }
    }
    return isOffline() ? { kind: 'offline' } : { kind: 'failed' }
  }
}
