import { refusalOf } from '@/api/refusal'
import type { ApiErrorCode } from '@contract/errors'

// How a voice or caption call ends for the screen: the answer, a refusal with
// its stable code (mapped to a translated message by useApiErrorText,
// src/api/api-error-text.ts), or a failure to reach the server. The one-shot
// calls (createVoice, getCaptionCues, getCaptionPreview) answer a CallOutcome
// and never throw. The voice queries (./get-voice-status.ts) throw, as a query
// function must so that the query holds the error: `failureOf(query.error)`
// gives the screen the same two endings.

export type CallFailure = { kind: 'refused'; code: ApiErrorCode | null; status: number } | { kind: 'failed' }
export type CallOutcome<T> = { kind: 'ok'; value: T } | CallFailure

/** A call's error as the screen reads it: an HTTP refusal keeps its code, anything else is a failure. */
export function failureOf(error: unknown): CallFailure {
  const refusal = refusalOf(error)
  return refusal === null ? { kind: 'failed' } : { kind: 'refused', ...refusal }
}

/** Runs a call and its parse; answers its outcome. */
export async function outcomeOf<T>(call: () => Promise<T>): Promise<CallOutcome<T>> {
  try {
    return { kind: 'ok', value: await call() }
  } catch (error) {
    return failureOf(error)
  }
}
