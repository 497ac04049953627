import { createContext, useContext } from 'react'
import type { UserRecord } from '@contract/users'

// The signed-in state every screen reads (spec §3 "Session state", §4 "Session").
// SessionProvider (session-provider.tsx) fills it from Firebase Auth and the
// user record; screens read it with useSession() and act with useSessionActions().
export interface SessionUser {
  uid: string
  email: string
  displayName: string | null
}

/**
 * spec §8 "User data fetch failure: 'Error: {status} {statusText}'": the HTTP
 * answer, or `status` null when no answer came (offline, timeout). The screen
 * words it in the user's language; nothing here is shown as it is.
 */
export interface RecordFetchError {
  status: number | null
  statusText: string
}

export type Session =
  | { status: 'loading' }
  | {
      status: 'signed-out'
      /** The account was deleted (here or on another device) and this device has forgotten it (docs/decisions/0260). */
      accountDeleted?: true
    }
  | {
      status: 'signed-in'
      user: SessionUser
      /** The server's user record (spec §3), null until fetched. */
      record: UserRecord | null
      /** null while loading (spec §4: "Credit balance is loading (null/undefined) or a number"). */
      credits: number | null
      /** Set while the record could not be fetched. */
      recordError?: RecordFetchError
      /** While the record could not be fetched: the balance this device last saw, if any (docs/decisions/0117). */
      lastKnownCredits?: number
    }

export interface SessionActions {
  /** Fetches the user record (and credits) again (spec §4: "refetched when the fetch-user flag changes"). */
  refreshUser(): void
  /** Local balance change, e.g. a completed generation's cost (spec §4: "credits deducted locally"). */
  adjustCredits(delta: number): void
  /** Signs out and clears the stored session (spec §4); rejects with the identity service's error. */
  signOut(): Promise<void>
}

export const SessionContext = createContext<Session>({ status: 'signed-out' })

const noSession: SessionActions = {
  refreshUser: () => {},
  adjustCredits: () => {},
  signOut: () => Promise.reject(new Error('no session provider')),
}
export const SessionActionsContext = createContext<SessionActions>(noSession)

/** After the server deleted the signed-in account: this device forgets it and signs out (docs/decisions/0260). */
export const ForgetDeletedAccountContext = createContext<() => Promise<void>>(() => Promise.resolve())

export function useForgetDeletedAccount(): () => Promise<void> {
  return useContext(ForgetDeletedAccountContext)
}

export function useSession(): Session {
  return useContext(SessionContext)
}

export function useSessionActions(): SessionActions {
  return useContext(SessionActionsContext)
}

export function isSignedIn(session: Session): session is Extract<Session, { status: 'signed-in' }> {
  return session.status === 'signed-in'
}
