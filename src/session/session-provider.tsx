import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query'
import { type ReactNode, useCallback, useEffect, useMemo } from 'react'
import { afterSignOut, userRecordKey } from '@/api/server-state'
import type { UserRecord } from '@contract/users'
import type { DeviceForgetting } from './device-forgetting'
import { IdentityProvider } from './identity-provider'
import { lastKnownBalance, rememberBalance } from './last-balance'
import {
  isSignedIn,
  type Session,
  SessionActionsContext,
  type SessionActions,
  SessionContext,
  type SessionUser,
  useSession,
  useSessionActions,
} from './session'
import { RecordFetchFailure, userRecordQuery } from './user-record-query'

// spec §4 Session in the app: who is signed in (identity-provider.tsx), then their
// user record through the app's QueryClient (./user-record-query.ts, docs/decisions/0300):
// fetched once per account, refetched when asked (spec §4 "refetched when the fetch-user
// flag changes"), credits taken from it and adjusted locally.

function useUserRecord(user: SessionUser | null) {
  return useQuery(userRecordQuery(user))
}

/**
 * A record that could not be fetched is asked for again when the network or the user
 * comes back. The browser's own events, not the query library's online state: that
 * starts as online whatever the browser says, so a first `online` would change nothing.
 */
function useRetryAfterFailure(failed: boolean, retry: () => void): void {
  useEffect(() => {
    if (!failed) return
    const again = (): void => {
      if (document.visibilityState === 'visible' && navigator.onLine !== false) retry()
    }
    window.addEventListener('online', again)
    document.addEventListener('visibilitychange', again)
    return () => {
      window.removeEventListener('online', again)
      document.removeEventListener('visibilitychange', again)
    }
  }, [failed, retry])
}

function adjustBalance(client: QueryClient, uid: string, delta: number): void {
  client.setQueriesData<UserRecord>({ queryKey: userRecordKey(uid) }, (held) => (held === undefined ? held : { ...held, credits: held.credits + delta }))
}

/** Adds the signed-in user's record and credits to the identity's session. */
function UserRecordLayer({ children }: { children: ReactNode }) {
  const identity = useSession()
  const { signOut } = useSessionActions()
  const client = useQueryClient()
  const user = isSignedIn(identity) ? identity.user : null
  const record = useUserRecord(user)
  const uid = user?.uid ?? null
  const { refetch } = record
  useRetryAfterFailure(
    user !== null && record.isError,
    useCallback(() => void refetch(), [refetch]),
  )

  const data = user === null ? null : (record.data ?? null)
  const error = user !== null && record.isError ? record.error : null
  const fetchedCredits = data?.credits
  // Offline, the top bar shows the balance this device last saw (docs/decisions/0117).
  useEffect(() => {
    if (uid !== null && fetchedCredits !== undefined) rememberBalance(uid, fetchedCredits)
  }, [uid, fetchedCredits])
  const session = useMemo<Session>(() => {
    if (!isSignedIn(identity)) return identity
    const recordError = error === null ? undefined : error instanceof RecordFetchFailure ? error.failure : { status: null, statusText: '' }
    const shown = data ? { ...identity.user, displayName: identity.user.displayName ?? data.name } : identity.user
    const lastKnownCredits = data === null && recordError !== undefined ? lastKnownBalance(identity.user.uid) : null
    return {
      status: 'signed-in',
      user: shown,
      record: data,
      credits: data?.credits ?? null,
      ...(recordError === undefined ? {} : { recordError }),
      ...(lastKnownCredits === null ? {} : { lastKnownCredits }),
    }
  }, [identity, data, error])

  const actions = useMemo<SessionActions>(
    () => ({
      refreshUser: () => {
        if (uid === null) return
        const queryKey = userRecordKey(uid)
        // A first fetch still on its way may never answer (a stalled connection): asking again starts anew
        // rather than joining it. With a record, it stays shown while the new one is fetched.
        const waiting = client.getQueriesData<UserRecord>({ queryKey }).every(([, held]) => held === undefined)
        void (waiting ? client.resetQueries({ queryKey }) : client.invalidateQueries({ queryKey }))
      },
      adjustCredits: (delta) => {
        if (uid !== null) adjustBalance(client, uid, delta)
      },
      signOut,
    }),
    [client, uid, signOut],
  )

  return (
    <SessionContext value={session}>
      <SessionActionsContext value={actions}>{children}</SessionActionsContext>
    </SessionContext>
  )
}

/**
 * The app's session (spec §4): needs the app frame's QueryClientProvider above it (src/boot/app-root.tsx).
 * `device`: what this device forgets (src/app/this-device.ts); the server's answers held in memory go too.
 */
export function SessionProvider({ children, device }: { children: ReactNode; device: DeviceForgetting }) {
  const client = useQueryClient()
  // After a sign-out (ours, or the identity service's) nothing held is anyone's to show (docs/decisions/0171).
  const forgetting = useMemo<DeviceForgetting>(
    () => ({
      ...device,
      forgetSignedOut: () => {
        const forgotten = device.forgetSignedOut()
        afterSignOut(client)
        return forgotten
      },
    }),
    [device, client],
  )
  return (
    <IdentityProvider device={forgetting}>
      <UserRecordLayer>{children}</UserRecordLayer>
    </IdentityProvider>
  )
}
