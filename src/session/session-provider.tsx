import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { setTokenSource } from '@/api/http'
import type { UserRecord } from '@contract/users'
import { type RecordFetchError, type Session, SessionActionsContext, type SessionActions, SessionContext, type SessionUser } from './session'
import { clearStoredSession, notifySignedOut } from './stored-session'
import { fetchUserRecord, recordFetchError } from './user-record'
import type * as IdentityWatch from './identity-watch'

type IdentityModule = typeof IdentityWatch

// spec §4 Session: loading until the first auth state arrives; with a user the
// record is fetched and credits taken from it, refetched when asked. The
// identity SDK is imported after the first render (identity.ts).

function loadIdentity(): Promise<IdentityModule> {
  return import('./identity-watch')
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<SessionUser | null | undefined>(undefined)
  const [record, setRecord] = useState<UserRecord | null>(null)
  const [credits, setCredits] = useState<number | null>(null)
  const [recordError, setRecordError] = useState<RecordFetchError | undefined>(undefined)
  const [fetchVersion, setFetchVersion] = useState(0)
  const identity = useRef<IdentityModule | null>(null)

  const signOut = useCallback(async () => {
    const module = identity.current ?? (await loadIdentity())
    await module.signOutIdentity()
    clearStoredSession()
    await notifySignedOut()
  }, [])

  useEffect(() => {
    let stop = (): void => {}
    let cancelled = false
    void loadIdentity().then(
      (module) => {
        if (cancelled) return
        identity.current = module
        setTokenSource({
          getToken: (force) => module.currentIdToken(force),
          // A refreshed token the server still refuses: the account was disabled or revoked.
          onRejected: () => void signOut().catch(() => {}),
        })
        let previous: SessionUser | null | undefined
        stop = module.watchIdentity((next) => {
          // Ended by the identity service (account disabled, token expired; spec §4) rather than by
          // our signOut(): clear the stored session all the same.
          if (previous && next === null) {
            clearStoredSession()
            void notifySignedOut()
          }
          previous = next
          setUser(next)
        })
      },
      // The SDK failed to load (offline on a first visit): act as signed out rather than spin forever.
      () => !cancelled && setUser(null),
    )
    return () => {
      cancelled = true
      stop()
      setTokenSource(null)
    }
  }, [signOut])

  const email = user?.email
  const uid = user?.uid
  useEffect(() => {
    if (!user) {
      setRecord(null)
      setCredits(null)
      setRecordError(undefined)
      return
    }
    let current = true
    fetchUserRecord(user).then(
      (fetched) => {
        if (!current) return
        setRecord(fetched)
        setCredits(fetched.credits)
        setRecordError(undefined)
      },
      // The balance keeps its spinner and the error is shown; coming back online or to the tab tries again.
      (error: unknown) => current && setRecordError(recordFetchError(error)),
    )
    return () => {
      current = false
    }
    // Refetch on a new account or when asked, not on every identity event for the same account.
    // oxlint-disable-next-line react-hooks/exhaustive-deps
  }, [uid, email, fetchVersion])

  // A record that could not be fetched is asked for again when the network or the user comes back.
  useEffect(() => {
    if (recordError === undefined) return
    const retry = (): void => {
      if (document.visibilityState === 'visible' && navigator.onLine !== false) setFetchVersion((version) => version + 1)
    }
    window.addEventListener('online', retry)
    document.addEventListener('visibilitychange', retry)
    return () => {
      window.removeEventListener('online', retry)
      document.removeEventListener('visibilitychange', retry)
    }
  }, [recordError])

  const session = useMemo<Session>(() => {
    if (user === undefined) return { status: 'loading' }
    if (user === null) return { status: 'signed-out' }
    const shown = record ? { ...user, displayName: user.displayName ?? record.name } : user
    return { status: 'signed-in', user: shown, record, credits, ...(recordError === undefined ? {} : { recordError }) }
  }, [user, record, credits, recordError])

  const actions = useMemo<SessionActions>(
    () => ({
      refreshUser: () => setFetchVersion((version) => version + 1),
      adjustCredits: (delta) => setCredits((balance) => (balance === null ? balance : balance + delta)),
      signOut,
    }),
    [signOut],
  )

  return (
    <SessionContext value={session}>
      <SessionActionsContext value={actions}>{children}</SessionActionsContext>
    </SessionContext>
  )
}
