import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { setTokenSource } from '@/api/token-source'
import type { DeviceForgetting } from './device-forgetting'
import { onIdentityStarted } from './identity-started'
import { hasPersistedIdentity } from '@/device/persisted-identity'
import { ForgetDeletedAccountContext, type Session, SessionActionsContext, type SessionActions, SessionContext, type SessionUser } from './session'
import { forgetSessionHint, readSessionHint, rememberSessionHint } from './session-hint'
import { useDeletedAccountCheck } from './use-deleted-account-check'
import { whenIdle } from './when-idle'
import type * as IdentityWatch from './identity-watch'

type IdentityModule = typeof IdentityWatch

// spec §4 Session, who is signed in: loading until the first auth state arrives. The
// identity SDK is loaded after the first render where someone is signed in on this
// device (the session hint, or the SDK's own storage); elsewhere the visitor is signed
// out from the start, and the SDK loads only when the sign-in screen starts it
// (docs/decisions/0203). The user record and credits are the app's layer on top
// (session-provider.tsx); the landing uses this provider alone, without them.

function loadIdentity(): Promise<IdentityModule> {
  return import('./identity-watch')
}

interface IdentityProviderProps {
  children: ReactNode
  /** What this device forgets at every sign-out and for a deleted account (docs/decisions/0310). */
  device: DeviceForgetting
  /**
   * Ask the server about accounts deleted elsewhere (docs/decisions/0260). The landing leaves it
   * to the app: it would load Dexie on a page that promises not to (docs/decisions/0203).
   */
  checkDeletedAccounts?: boolean
}

/** The session without the user record: signed in means record and credits still null. */
export function IdentityProvider({ children, device, checkDeletedAccounts = true }: IdentityProviderProps) {
  const [user, setUser] = useState<SessionUser | null | undefined>(() => (readSessionHint() === null ? null : undefined))
  const [accountDeleted, setAccountDeleted] = useState(false)
  const identity = useRef<IdentityModule | null>(null)
  // The callbacks below (token source, online check) read who is signed in now, not at their creation.
  const currentUser = useRef<SessionUser | null | undefined>(undefined)
  useEffect(() => {
    currentUser.current = user
  }, [user])

  const { forgetSignedOut, forgetUser, accountsOnDevice } = device

  const signOut = useCallback(async () => {
    const module = identity.current ?? (await loadIdentity())
    await module.signOutIdentity()
    await forgetSignedOut()
  }, [forgetSignedOut])

  // Deleted accounts leave nothing on this device; the signed-in one is also signed out (docs/decisions/0260).
  const forgetDeletedAccounts = useCallback(
    async (uids: readonly string[]) => {
      await Promise.allSettled(uids.map((uid) => forgetUser(uid)))
      const signedIn = currentUser.current
      if (!signedIn || !uids.includes(signedIn.uid)) return
      // The stored session goes first (synchronously), before the identity SDK is even loaded.
      const forgotten = forgetSignedOut()
      const module = identity.current ?? (await loadIdentity())
      await module.signOutIdentity().catch(() => {})
      await forgotten
      setAccountDeleted(true)
    },
    [forgetSignedOut, forgetUser],
  )

  useEffect(() => {
    let stop = (): void => {}
    let cancelled = false
    let following = false
    const follow = async () => {
      if (following || cancelled) return
      following = true
      let module: IdentityModule
      try {
        module = await loadIdentity()
      } catch {
        // The SDK failed to load (offline on a first visit): act as signed out rather than spin forever.
        if (!cancelled) setUser(null)
        return
      }
      if (cancelled) return
      identity.current = module
      setTokenSource({
        getToken: (force) => module.currentIdToken(force),
        // A refreshed token the server still refuses: the account was disabled or revoked.
        onRejected: () => void signOut().catch(() => {}),
        onAccountDeleted: () => {
          const signedIn = currentUser.current
          if (signedIn) void forgetDeletedAccounts([signedIn.uid])
        },
      })
      let previous: SessionUser | null | undefined
      stop = module.watchIdentity((next) => {
        // Ended by the identity service (account disabled, token expired; spec §4) rather than by
        // our signOut(): clear the stored session all the same.
        if (previous && next === null) void forgetSignedOut()
        if (next === null) forgetSessionHint()
        else rememberSessionHint(next.uid)
        previous = next
        if (next !== null) setAccountDeleted(false)
        setUser(next)
      })
    }
    // After the screen's own first work (its code, its saved data): the SDK is large and the
    // screen can show what this device holds for the hinted user meanwhile (the gallery does).
    let idle: (() => void) | undefined
    if (readSessionHint() !== null) idle = whenIdle(() => void follow())
    else
      void hasPersistedIdentity().then((found) => {
        if (found) void follow()
      })
    const stopWaiting = onIdentityStarted(() => void follow())
    return () => {
      cancelled = true
      idle?.()
      stopWaiting()
      stop()
      setTokenSource(null)
    }
  }, [signOut, forgetDeletedAccounts, forgetSignedOut])

  useDeletedAccountCheck(checkDeletedAccounts && user !== undefined, currentUser, accountsOnDevice, forgetDeletedAccounts)

  const session = useMemo<Session>(() => {
    if (user === undefined) return { status: 'loading' }
    if (user === null) return accountDeleted ? { status: 'signed-out', accountDeleted: true } : { status: 'signed-out' }
    return { status: 'signed-in', user, record: null, credits: null }
  }, [user, accountDeleted])

  // Without the record layer there is no record to refetch or balance to adjust.
  const actions = useMemo<SessionActions>(() => ({ refreshUser: () => {}, adjustCredits: () => {}, signOut }), [signOut])

  const forgetDeletedAccount = useCallback(async () => {
    const signedIn = currentUser.current
    if (signedIn) await forgetDeletedAccounts([signedIn.uid])
  }, [forgetDeletedAccounts])

  return (
    <SessionContext value={session}>
      <SessionActionsContext value={actions}>
        <ForgetDeletedAccountContext value={forgetDeletedAccount}>{children}</ForgetDeletedAccountContext>
      </SessionActionsContext>
    </SessionContext>
  )
}
