import { isHTTPError } from 'ky'
import { apiErrorBodySchema, type ApiErrorCode } from '@contract/errors'

// How a voice or caption call ends for the screen: the answer, a refusal with
// its stable code (mapped to a translated message by useApiErrorText,
// src/api/api-error-text.ts), or a failure to reach the server. Nothing throws.

export type CallOutcome<T> = { kind: 'ok'; value: T } | { kind: 'refused'; code: ApiErrorCode | null; status: number } | { kind: 'failed' }

/** Runs a call and its parse; an HTTP refusal keeps its code, anything else is a failure. */
export async function outcomeOf<T>(call: () => Promise<T>): Promise<CallOutcome<T>> {
  try {
    return { kind: 'ok', value: await call() }
  } catch (error) {
    if (!isHTTPError(error)) return { kind: 'failed' }
    const body = apiErrorBodySchema.safeParse(error.data)
    return { kind: 'refused', code: body.success ? body.data.code : null, status: error.response.status }
  }
}
