import { useEffect } from 'react'
import type { DeviceForgetting } from './device-forgetting'
import type { SessionUser } from './session'
import { whenIdle } from './when-idle'

/** Coming back to the app asks about deleted accounts at most this often; coming back online always asks. */
const DELETED_ACCOUNT_CHECK_MIN_INTERVAL_MS = 30_000

// The call's schema loads only when the check runs, after the screen's first work.
const loadDeletedAccounts = () => import('./deleted-accounts')

/**
 * The online check (docs/decisions/0260): once the session is known, on coming back online and
 * on returning to the app, asks the server whether an account this device holds data of was
 * deleted elsewhere (its token may be long dead), and hands those to `forget`. The accounts
 * come from the device (`accountsOnDevice`), with the one signed in.
 */
export function useDeletedAccountCheck(
  authKnown: boolean,
  currentUser: { readonly current: SessionUser | null | undefined },
  accountsOnDevice: DeviceForgetting['accountsOnDevice'],
  forget: (uids: readonly string[]) => Promise<void>,
): void {
  useEffect(() => {
    if (!authKnown) return
    let lastAsked = 0
    const ask = (throttled: boolean): void => {
      if (navigator.onLine === false || document.visibilityState !== 'visible') return
      if (throttled && Date.now() - lastAsked < DELETED_ACCOUNT_CHECK_MIN_INTERVAL_MS) return
      lastAsked = Date.now()
      void (async () => {
        // A first visit, nobody signed in: the device holds no account and loads no database library to say so.
        const uids = new Set(await accountsOnDevice())
        const signedIn = currentUser.current
        if (signedIn) uids.add(signedIn.uid)
        if (uids.size === 0) return
        const { deletedAmong } = await loadDeletedAccounts()
        const deleted = await deletedAmong([...uids])
        if (deleted.length > 0) await forget(deleted)
      })()
    }
    const onOnline = (): void => ask(false)
    const onVisible = (): void => ask(true)
    const cancelFirst = whenIdle(() => ask(false))
    window.addEventListener('online', onOnline)
    document.addEventListener('visibilitychange', onVisible)
    return () => {
      cancelFirst()
      window.removeEventListener('online', onOnline)
      document.removeEventListener('visibilitychange', onVisible)
    }
  }, [authKnown, currentUser, accountsOnDevice, forget])
}
