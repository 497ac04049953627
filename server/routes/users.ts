import { Hono } from 'hono'
import type { Kysely } from 'kysely'
import { emailSchema, saveUserRequestSchema, type SaveUserResponse, type UserRecord, type UserStatus } from '../../contract/users.ts'
import { accountDeletedError, bearerToken, requireUser, verifyRequestToken } from '../auth/middleware.ts'
import type { Database } from '../db/schema.ts'
import {
  creditsFromHundredths,
  EmailTakenError,
  findUserByUid,
  isCurrentlyGenerating,
  savePendingUserRecord,
  saveUserRecord,
  type UserRow,
} from '../domain/users.ts'
import type { AppEnv } from '../http/env.ts'
import { isDeletedIdentity } from '../privacy/account-deletion.ts'
import { ApiError } from '../http/errors.ts'
import type { RateLimiter } from '../http/rate-limit.ts'
import { jsonBody } from '../http/validate.ts'

export interface UserRoutesDeps {
  db: Kysely<Database>
  /** Anonymous saves share the anonymous-form limiter (per IP). */
  anonymousLimiter: RateLimiter
}

async function toUserRecord(db: Kysely<Database>, row: UserRow): Promise<UserRecord> {
  return {
    _id: row._id,
    email: row.email,
    name: row.name,
    credits: creditsFromHundredths(row.credits_hundredths),
    isCurrentlyGenerating: await isCurrentlyGenerating(db, row._id),
  }
}

/**
 * The path's email must be the caller's own: another user's record answers 404 (docs/quality.md).
 * Hono's c.req.param() has already decoded it: decoding again would turn a `%` into a URIError (500).
 */
function ownEmailOr404(pathEmail: string, ownEmail: string): void {
  const parsed = emailSchema.safeParse(pathEmail)
  if (!parsed.success || parsed.data !== ownEmail) throw new ApiError(404, 'user_not_found', 'User not found')
}

export function createUserRoutes(deps: UserRoutesDeps) {
  const { db } = deps
  return (
    new Hono<AppEnv>()
      // spec §4: saved after sign-up or Google sign-in; idempotent.
      .post('/', async (c) => {
        const body = await jsonBody(c, saveUserRequestSchema)
        if (bearerToken(c) === null) {
          await deps.anonymousLimiter.take(c)
          await savePendingUserRecord(db, body.email, body.name)
          return c.json<SaveUserResponse>({ success: true, message: 'User record saved successfully', user: null }, 202)
        }
        const identity = await verifyRequestToken(c, { checkRevoked: false })
        // A deleted account's other device must not bring its record back (docs/decisions/0260).
        if (await isDeletedIdentity(db, identity.uid)) throw accountDeletedError()
        if (identity.email === null || identity.email !== body.email) {
          throw new ApiError(403, 'email_mismatch', 'The email does not match the signed-in account')
        }
        try {
          const row = await saveUserRecord(c.var.identity, { ...identity, email: identity.email }, body.name)
          return c.json<SaveUserResponse>({ success: true, message: 'User record saved successfully', user: await toUserRecord(db, row) })
        } catch (error) {
          if (error instanceof EmailTakenError) throw new ApiError(409, 'email_taken', 'This email is already registered')
          throw error
        }
      })
      .get('/:email/status', requireUser(), async (c) => {
        ownEmailOr404(c.req.param('email'), c.var.user.email)
        const row = await findUserByUid(db, c.var.user.uid)
        if (row === undefined) throw new ApiError(404, 'user_not_found', 'User not found')
        return c.json<UserStatus>({
          isCurrentlyGenerating: await isCurrentlyGenerating(db, row._id),
          credits: creditsFromHundredths(row.credits_hundredths),
        })
      })
      .get('/:email', requireUser(), async (c) => {
        ownEmailOr404(c.req.param('email'), c.var.user.email)
        const row = await findUserByUid(db, c.var.user.uid)
        if (row === undefined) throw new ApiError(404, 'user_not_found', 'User not found')
        return c.json<UserRecord>(await toUserRecord(db, row))
      })
  )
}
