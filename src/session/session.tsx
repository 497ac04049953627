import { createContext, useContext } from 'react'

// The signed-in state every screen reads (spec §3 "Session state", §4 "Session").
// The foundation only knows the signed-out visitor; the accounts issue provides
// a real provider backed by Firebase Auth and the user record.
export interface SessionUser {
  uid: string
  email: string
  displayName: string | null
}

export type Session =
  | { status: 'loading' }
  | { status: 'signed-out' }
  | { status: 'signed-in'; user: SessionUser; /** null while loading (spec §4) */ credits: number | null }

export const SessionContext = createContext<Session>({ status: 'signed-out' })

export function useSession(): Session {
  return useContext(SessionContext)
}

export function isSignedIn(session: Session): session is Extract<Session, { status: 'signed-in' }> {
  return session.status === 'signed-in'
}
