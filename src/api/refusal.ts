import { isHTTPError } from 'ky'
import { apiErrorBodySchema, type ApiErrorCode } from '@contract/errors'

// A refused call as the screens read it: the HTTP status and the stable code of the
// server's `{ message, code }` answer (docs/api.md), which useApiErrorText
// (./api-error-text.ts) words in the user's language.

/** The HTTP status and error code of a refused call, or null when no answer came (offline, a timeout). */
export function refusalOf(error: unknown): { status: number; code: ApiErrorCode | null } | null {
  if (!isHTTPError(error)) return null
  const body = apiErrorBodySchema.safeParse(error.data)
  return { status: error.response.status, code: body.success ? body.data.code : null }
}
