import { createHash, randomUUID } from 'node:crypto'
import type { App } from 'firebase-admin/app'
import type { Auth } from 'firebase-admin/auth'
import type { Config } from '../config.ts'

// Verifies Firebase ID tokens with firebase-admin: against the Auth Emulator
// (embedded default) or the real project in production (docs/architecture.md, embedded defaults: identity).
// Verifications without the revocation check are remembered for a few minutes
// (decision 0091): status polls and gallery reads then skip the signature check
// and, against the emulator, an HTTP round trip per request.

export interface VerifiedIdentity {
  uid: string
  email: string | null
  emailVerified: boolean
  name: string | null
  /** When the user last signed in with a password or Google (the token's auth_time, seconds since epoch). */
  authTime: number
}

export type TokenProblem = 'invalid' | 'expired' | 'revoked' | 'disabled'

export class TokenRejectedError extends Error {
  override name = 'TokenRejectedError'
  readonly problem: TokenProblem
  /**
   * The account of a well-signed token whose account is revoked, disabled or
   * gone; null otherwise. Lets the server tell a deleted account's other
   * devices what happened (docs/decisions/0260).
   */
  readonly uid: string | null
  constructor(problem: TokenProblem, cause: unknown, uid: string | null = null) {
    super(`ID token ${problem}`, { cause })
    this.problem = problem
    this.uid = uid
  }
}

export interface IdentityVerifier {
  /** Throws TokenRejectedError for any token that must not be trusted. */
  verify(idToken: string, options: { checkRevoked: boolean }): Promise<VerifiedIdentity>
  close(): Promise<void>
}

function problemOf(error: unknown): TokenProblem {
  const code = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : ''
  if (code === 'auth/id-token-expired') return 'expired'
  if (code === 'auth/id-token-revoked') return 'revoked'
  if (code === 'auth/user-disabled' || code === 'auth/user-not-found') return 'disabled'
  return 'invalid'
}

/** The `sub` claim of a JWT whose signature firebase-admin has already checked. */
function subjectOf(idToken: string): string | null {
  try {
    const payload: unknown = JSON.parse(Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString('utf8'))
    return typeof payload === 'object' && payload !== null && 'sub' in payload && typeof payload.sub === 'string' ? payload.sub : null
  } catch {
    return null
  }
}

/** One full verification by firebase-admin, with the token's own expiry (ms since epoch). */
export type TokenCheck = (idToken: string, checkRevoked: boolean) => Promise<{ identity: VerifiedIdentity; expiresAt: number }>

export interface VerifiedTokenCacheOptions {
  /** How long a verified token is trusted without asking again (capped by its own expiry). */
  ttlMs: number
  /** Most tokens remembered; the least recently used is forgotten first. */
  maxEntries: number
  now?: () => number
}

const DEFAULT_CACHE: VerifiedTokenCacheOptions = { ttlMs: 5 * 60_000, maxEntries: 10_000 }

type CachedIdentity = { identity: VerifiedIdentity; until: number }

/**
 * Wraps a TokenCheck in a bounded cache keyed by the token's SHA-256 (the token
 * itself is never kept). checkRevoked calls (generate, checkout) always verify
 * fully and never read it; a revoked or disabled answer forgets that account's tokens.
 */
export function cachedVerifier(check: TokenCheck, close: () => Promise<void>, options: VerifiedTokenCacheOptions = DEFAULT_CACHE): IdentityVerifier {
  const now = options.now ?? Date.now
  const cache = new Map<string, CachedIdentity>()
  // Concurrent first requests with the same token share one verification.
  const pending = new Map<string, Promise<VerifiedIdentity>>()

  function remember(key: string, identity: VerifiedIdentity, expiresAt: number): void {
    cache.delete(key)
    cache.set(key, { identity, until: Math.min(expiresAt, now() + options.ttlMs) })
    // Map keeps insertion order: the first key is the least recently used.
    while (cache.size > options.maxEntries) cache.delete(cache.keys().next().value ?? '')
  }

  function forgetAccount(key: string): void {
    const uid = cache.get(key)?.identity.uid
    cache.delete(key)
    if (uid === undefined) return
    for (const [other, entry] of cache) if (entry.identity.uid === uid) cache.delete(other)
  }

  async function verifyFully(key: string, idToken: string, checkRevoked: boolean): Promise<VerifiedIdentity> {
    try {
      const { identity, expiresAt } = await check(idToken, checkRevoked)
      remember(key, identity, expiresAt)
      return identity
    } catch (error) {
      if (error instanceof TokenRejectedError && (error.problem === 'revoked' || error.problem === 'disabled')) forgetAccount(key)
      throw error
    }
  }

  return {
    async verify(idToken, { checkRevoked }) {
      const key = createHash('sha256').update(idToken).digest('base64url')
      if (checkRevoked) return verifyFully(key, idToken, true)
      const hit = cache.get(key)
      if (hit !== undefined && hit.until > now()) {
        cache.delete(key)
        cache.set(key, hit)
        return hit.identity
      }
      if (hit !== undefined) cache.delete(key)
      const shared = pending.get(key)
      if (shared !== undefined) return shared
      const verification = verifyFully(key, idToken, false).finally(() => pending.delete(key))
      pending.set(key, verification)
      return verification
    },
    close,
  }
}

export function createFirebaseVerifier(firebase: Config['firebase'], cacheOptions: VerifiedTokenCacheOptions = DEFAULT_CACHE): IdentityVerifier {
  if (firebase.authEmulatorHost !== null) {
    // firebase-admin reads this variable on every call; config.ts refuses it in production.
    process.env.FIREBASE_AUTH_EMULATOR_HOST = firebase.authEmulatorHost
  }
  // firebase-admin loads with the first token to verify, not at boot (docs/decisions/0206).
  let app: App | undefined
  let auth: Promise<Auth> | undefined
  const start = async () => {
    const [{ applicationDefault, initializeApp }, { getAuth }] = await Promise.all([import('firebase-admin/app'), import('firebase-admin/auth')])
    const options = firebase.authEmulatorHost === null ? { projectId: firebase.projectId, credential: applicationDefault() } : { projectId: firebase.projectId }
    // A named app per verifier, so tests can run several servers in one process.
    app = initializeApp(options, `actorly-${randomUUID()}`)
    return getAuth(app)
  }
  const close = async () => {
    if (auth === undefined) return
    await auth.catch(() => undefined)
    if (app !== undefined) await (await import('firebase-admin/app')).deleteApp(app)
  }
  const check: TokenCheck = async (idToken, checkRevoked) => {
    // A failed start is not the token's fault: it is thrown as it is, and the next request tries again.
    auth ??= start().catch((error: unknown) => {
      auth = undefined
      throw error
    })
    const verifier = await auth
    try {
      const decoded = await verifier.verifyIdToken(idToken, checkRevoked)
      const identity = {
        uid: decoded.uid,
        email: decoded.email?.toLowerCase() ?? null,
        emailVerified: decoded.email_verified === true,
        name: typeof decoded.name === 'string' ? decoded.name : null,
        authTime: decoded.auth_time,
      }
      return { identity, expiresAt: decoded.exp * 1000 }
    } catch (error) {
      const problem = problemOf(error)
      // firebase-admin checks revocation and the account only after the signature held.
      throw new TokenRejectedError(problem, error, problem === 'revoked' || problem === 'disabled' ? subjectOf(idToken) : null)
    }
  }
  return cachedVerifier(check, close, cacheOptions)
}
