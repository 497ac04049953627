import { API_ERROR_CODES, type ApiErrorCode } from '@contract/errors'

/** The stable code of an error answer's body (contract/errors.ts), or null when it has none we know; ./api-error-text.ts says what it means. */
export function apiErrorCodeOf(body: unknown): ApiErrorCode | null {
  if (typeof body !== 'object' || body === null || !('code' in body)) return null
  const { code } = body
  return API_ERROR_CODES.find((known) => known === code) ?? null
}
