import { isHTTPError } from 'ky'
import { apiErrorCodeOf } from '@/api/api-error-code'
import { api } from '@/api/http'
import type { ApiErrorCode } from '@contract/errors'

// The two support calls of spec §7 (messages, bug reports) answer
// `{ success, message }`. This turns every way such a call can end into one
// outcome the forms map to their spec §8 wording; nothing here throws.

export type SupportOutcome =
  /** success true. */
  | { kind: 'sent' }
  /**
   * success false, or an error answer. `code` says why (translated on screen);
   * without one, `serverMessage` (maybe empty) is all there is, shown as a detail.
   */
  | { kind: 'refused'; code: ApiErrorCode | null; serverMessage: string }
  /** HTTP 429: the per-IP limit on anonymous forms (docs/quality.md). */
  | { kind: 'rate-limited' }
  /** No connection: the form keeps its text (docs/quality.md). */
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

/** POSTs a support form as JSON (`path` without a leading slash). */
export async function postSupportForm(path: string, body: object): Promise<SupportOutcome> {
  if (isOffline()) return { kind: 'offline' }
  try {
    // The product client: a signed-in user's token goes along (spec §6), and it
    // never repeats a request the server took, so a message is not sent twice.
    const data: unknown = await api.post(path, { json: body }).json()
    const reply = readSupportReply(data)
    if (!reply) return { kind: 'failed' }
    return reply.success ? { kind: 'sent' } : { kind: 'refused', code: apiErrorCodeOf(data), serverMessage: reply.message }
  } catch (error) {
    if (isHTTPError(error)) {
      if (error.response.status === 429) return { kind: 'rate-limited' }
      return { kind: 'refused', code: apiErrorCodeOf(error.data), serverMessage: serverMessageOf(error.data) }
    }
    return isOffline() ? { kind: 'offline' } : { kind: 'failed' }
  }
}
