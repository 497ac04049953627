import { isHTTPError } from 'ky'
import { api } from '@/api/http'
import { type SaveUserRequest, saveUserResponseSchema, type UserRecord, userRecordSchema } from '@contract/users'
import type { RecordFetchError, SessionUser } from './session'

// spec §7: GET /api/users/v1/{email} (token) answers the user record with its
// credits; POST /api/users/v1 saves { email, name } (spec §4, after sign-up or
// Google sign-in).

/** spec §4: "Google fallback name 'Unknown User'". */
export const FALLBACK_NAME = 'Unknown User'

export async function saveUserRecord(request: SaveUserRequest): Promise<UserRecord | null> {
  const answer = saveUserResponseSchema.parse(await api.post('api/users/v1', { json: request }).json())
  return answer.user
}

/** spec §8: "User data fetch failure: 'Error: {status} {statusText}'"; no answer at all has no status. */
export function recordFetchError(error: unknown): RecordFetchError {
  if (isHTTPError(error)) return { status: error.response.status, statusText: error.response.statusText }
  return { status: null, statusText: '' }
}

/**
 * The signed-in user's record. An account without one (its save after sign-up
 * failed, or it was made elsewhere) gets it saved now, so nobody is stuck
 * without a balance.
 */
export async function fetchUserRecord(user: SessionUser): Promise<UserRecord> {
  try {
    return userRecordSchema.parse(await api.get(`api/users/v1/${encodeURIComponent(user.email)}`).json())
  } catch (error) {
    if (!isHTTPError(error) || error.response.status !== 404) throw error
    const saved = await saveUserRecord({ email: user.email, name: user.displayName || FALLBACK_NAME })
    if (saved === null) throw error
    return saved
  }
}
