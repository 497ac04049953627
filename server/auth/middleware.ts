import type { Context, MiddlewareHandler } from 'hono'
import { createMiddleware } from 'hono/factory'
import { ApiError } from '../http/errors.ts'
import type { AppEnv, AuthUser } from '../http/env.ts'
import { findUserForIdentity } from '../domain/users.ts'
import { isDeletedIdentity } from '../privacy/account-deletion.ts'
import { TokenRejectedError, type VerifiedIdentity } from '../identity/identity.ts'

// spec §6: every server request carries the user's ID token as a bearer
// credential. The server trusts only the verified token (architecture).

/** The bearer token of the request, or null when there is none. */
export function bearerToken(c: Context): string | null {
  const header = c.req.header('authorization') ?? ''
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim())
  return match?.[1] ?? null
}

/**
 * The account behind this token was deleted (or is being deleted): the device
 * that sent it must forget the account (docs/decisions/0260). The app wipes
 * its own data on this code; the header asks the browser to drop its HTTP
 * cache of the account's media too.
 */
export function accountDeletedError(): ApiError {
  return new ApiError(401, 'account_deleted', 'This account was deleted')
}

/** Verifies the request's token, or answers 401 with a precise code. */
export async function verifyRequestToken(c: Context<AppEnv>, options: { checkRevoked: boolean }): Promise<VerifiedIdentity> {
  const token = bearerToken(c)
  if (token === null) throw new ApiError(401, 'missing_token', 'Sign in first: this call needs your ID token')
  try {
    return await c.var.identity.verifier.verify(token, options)
  } catch (error) {
    if (!(error instanceof TokenRejectedError)) throw error
    if (error.uid !== null && (await isDeletedIdentity(c.var.identity.db, error.uid))) throw accountDeletedError()
    if (error.problem === 'expired') throw new ApiError(401, 'token_expired', 'Your session expired; sign in again')
    if (error.problem === 'revoked') throw new ApiError(401, 'token_revoked', 'Your session was revoked; sign in again')
    throw new ApiError(401, 'invalid_token', 'Unable to verify user credentials. Please try again.')
  }
}

/**
 * Guards a route: verifies the ID token (and its revocation when asked:
 * generate and checkout), requires a verified email (spec §4: sign-in is
 * refused while unverified) and a saved user record, then sets `c.var.user`.
 */
export function requireUser(options: { checkRevoked: boolean } = { checkRevoked: false }): MiddlewareHandler<AppEnv> {
  return createMiddleware<AppEnv>(async (c, next) => {
    c.set('user', await signedInUser(c, options))
    await next()
  })
}

async function signedInUser(c: Context<AppEnv>, options: { checkRevoked: boolean }): Promise<AuthUser> {
  const identity = await verifyRequestToken(c, options)
  // First of all: a deleted account's token, still within its lifetime, reaches nothing, not even
  // a lookup that could re-link another account's record to it (docs/decisions/0266).
  if (await isDeletedIdentity(c.var.identity.db, identity.uid)) throw accountDeletedError()
  if (!identity.emailVerified) throw new ApiError(403, 'email_not_verified', 'Please verify your email address')
  const record = await findUserForIdentity(c.var.identity, identity)
  if (record !== undefined && record.deletion_requested_at !== null) throw accountDeletedError()
  if (record === undefined || record.firebase_uid === null) {
    throw new ApiError(404, 'user_not_found', 'User not found: save the user record (POST /api/users/v1) first')
  }
  c.set('signedInAt', identity.authTime)
  return { id: record._id, uid: record.firebase_uid, email: record.email, name: record.name }
}

/**
 * For calls open to visitors (contact, bug report): null without a token; with
 * one, the same checks as requireUser, and `c.var.user` is set.
 */
export async function optionalUser(c: Context<AppEnv>): Promise<AuthUser | null> {
  if (bearerToken(c) === null) return null
  const user = await signedInUser(c, { checkRevoked: false })
  c.set('user', user)
  return user
}

/**
 * A `user_id`/`userId` in a body must be the caller's own `_id`
 * (docs/architecture.md: only the verified token is trusted).
 */
export function assertOwnUserId(c: Context<AppEnv>, id: string | null | undefined): void {
  if (id !== c.var.user.id) throw new ApiError(403, 'forbidden', 'The user id in the request is not yours')
}

/**
 * Contact and bug reports send the signed-in user's uid (spec §6: "uses their
 * uid"); the record's `_id` is accepted too. Anything else is refused.
 */
export function assertOwnUidOrId(c: Context<AppEnv>, id: string | null | undefined): void {
  if (id !== c.var.user.uid) assertOwnUserId(c, id)
}
