import type { Logger } from 'pino'
import type { IdentityService } from '../identity/identity-service.ts'

/** The signed-in caller, set by requireUser (server/auth/middleware.ts). */
export interface AuthUser {
  /** The user record's `_id`. */
  id: string
  uid: string
  email: string
  name: string
}

/** Hono's environment for every route of the API. */
export interface AppEnv {
  Variables: {
    user: AuthUser
    /** When the caller last signed in with a password or Google (the token's auth_time, seconds since epoch); set with `user`. */
    signedInAt: number
    log: Logger
    requestId: string
    /** Token verification and user lookup; set once by the app for every request. */
    identity: IdentityService
  }
}
