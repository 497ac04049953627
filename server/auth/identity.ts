import { randomUUID } from 'node:crypto'
import { applicationDefault, deleteApp, initializeApp, type App } from 'firebase-admin/app'
import { getAuth } from 'firebase-admin/auth'
import type { Config } from '../config.ts'

// Verifies Firebase ID tokens with firebase-admin: against the Auth Emulator
// (embedded default) or the real project in production (architecture: identity).

export interface VerifiedIdentity {
  uid: string
  email: string | null
  emailVerified: boolean
  name: string | null
}

export type TokenProblem = 'invalid' | 'expired' | 'revoked' | 'disabled'

export class TokenRejectedError extends Error {
  override name = 'TokenRejectedError'
  readonly problem: TokenProblem
  constructor(problem: TokenProblem, cause: unknown) {
    super(`ID token ${problem}`, { cause })
    this.problem = problem
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

export function createFirebaseVerifier(firebase: Config['firebase']): IdentityVerifier {
  if (firebase.authEmulatorHost !== null) {
    // firebase-admin reads this variable on every call; config.ts refuses it in production.
    process.env.FIREBASE_AUTH_EMULATOR_HOST = firebase.authEmulatorHost
  }
  const options =
    firebase.authEmulatorHost === null
      ? { projectId: firebase.projectId, credential: applicationDefault() }
      : { projectId: firebase.projectId }
  // A named app per verifier, so tests can run several servers in one process.
  const app: App = initializeApp(options, `actorly-${randomUUID()}`)
  const auth = getAuth(app)
  return {
    async verify(idToken, { checkRevoked }) {
      try {
        const decoded = await auth.verifyIdToken(idToken, checkRevoked)
        return {
          uid: decoded.uid,
          email: decoded.email?.toLowerCase() ?? null,
          emailVerified: decoded.email_verified === true,
          name: typeof decoded.name === 'string' ? decoded.name : null,
        }
      } catch (error) {
        throw new TokenRejectedError(problemOf(error), error)
      }
    },
    close: () => deleteApp(app),
  }
}
