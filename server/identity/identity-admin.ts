import { randomUUID } from 'node:crypto'
import type { App } from 'firebase-admin/app'
import type { Auth } from 'firebase-admin/auth'
import type { Config } from '../config.ts'

// The identity service's admin side (firebase-admin): deleting a user's
// sign-in identity when they delete their account (docs/decisions/0260), and
// asking whether one still exists before a record moves to another (0266). The
// Auth Emulator locally, the real project in production, as for verification.
// firebase-admin loads at the first deletion, not at boot (docs/decisions/0206).

export interface IdentityAdmin {
  /** Deletes the identity; an identity that is already gone counts as deleted (a retry after a failure). */
  deleteIdentity(uid: string): Promise<void>
  /** Whether the identity still exists (re-linking a record by its address asks first: docs/decisions/0266). */
  identityExists(uid: string): Promise<boolean>
  close(): Promise<void>
}

function isUserNotFound(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === 'auth/user-not-found'
}

export function createFirebaseIdentityAdmin(firebase: Config['firebase']): IdentityAdmin {
  if (firebase.authEmulatorHost !== null) process.env.FIREBASE_AUTH_EMULATOR_HOST = firebase.authEmulatorHost
  let started: Promise<{ app: App; auth: Auth }> | null = null
  const start = async () => {
    const [{ applicationDefault, initializeApp }, { getAuth }] = await Promise.all([import('firebase-admin/app'), import('firebase-admin/auth')])
    const options = firebase.authEmulatorHost === null ? { projectId: firebase.projectId, credential: applicationDefault() } : { projectId: firebase.projectId }
    const app = initializeApp(options, `actorly-admin-${randomUUID()}`)
    return { app, auth: getAuth(app) }
  }
  return {
    async deleteIdentity(uid) {
      const { auth } = await (started ??= start())
      try {
        await auth.deleteUser(uid)
      } catch (error) {
        if (!isUserNotFound(error)) throw error
      }
    },
    async identityExists(uid) {
      const { auth } = await (started ??= start())
      try {
        await auth.getUser(uid)
        return true
      } catch (error) {
        if (isUserNotFound(error)) return false
        throw error
      }
    },
    async close() {
      if (started === null) return
      const { app } = await started
      const { deleteApp } = await import('firebase-admin/app')
      await deleteApp(app)
    },
  }
}
