import { randomUUID } from 'node:crypto'
import { applicationDefault, deleteApp, initializeApp } from 'firebase-admin/app'
import { getAuth } from 'firebase-admin/auth'
import type { Config } from '../config.ts'

// The identity service's admin side (firebase-admin): deleting a user's
// sign-in identity when they delete their account (docs/decisions/0260). The
// Auth Emulator locally, the real project in production, as for verification.

export interface IdentityAdmin {
  /** Deletes the identity; an identity that is already gone counts as deleted (a retry after a failure). */
  deleteIdentity(uid: string): Promise<void>
  close(): Promise<void>
}

function isUserNotFound(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === 'auth/user-not-found'
}

export function createFirebaseIdentityAdmin(firebase: Config['firebase']): IdentityAdmin {
  if (firebase.authEmulatorHost !== null) process.env.FIREBASE_AUTH_EMULATOR_HOST = firebase.authEmulatorHost
  const options =
    firebase.authEmulatorHost === null ? { projectId: firebase.projectId, credential: applicationDefault() } : { projectId: firebase.projectId }
  const app = initializeApp(options, `actorly-admin-${randomUUID()}`)
  const auth = getAuth(app)
  return {
    async deleteIdentity(uid) {
      try {
        await auth.deleteUser(uid)
      } catch (error) {
        if (!isUserNotFound(error)) throw error
      }
    },
    close: () => deleteApp(app),
  }
}
