import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { lazy, Suspense, useState } from 'react'
import { AccountMenuItems } from '@/app/account/account-menu-items'
import { forgetSignedOutUserOnSignOut } from '@/device/signed-out-cleanup'
import { forgetPushOnSignOut } from '@/app/push/push-sign-out'
import { useKeptVideos } from '@/device/use-kept-videos'
import { isSignedIn, useSession } from '@/session/session'

// Only someone with videos kept here is asked about them at sign-out: the dialog (Radix)
// and the removal (Dexie) load for them alone (docs/decisions/0203).
const RemoveKeptVideosDialog = lazy(() => import('@/device/remove-kept-videos-dialog').then((module) => ({ default: module.RemoveKeptVideosDialog })))
const removeAllKeptVideos = async (uid: string) => (await import('@/device/kept-videos')).removeAllKeptVideos(uid)
const countKeptVideos = async (uid: string) => (await import('@/device/kept-videos')).countKeptVideos(uid)

// Every sign-out, from this button or a refused token, forgets the user's cached
// gallery pages (docs/decisions/0171). Registered when the shell loads, not when this
// button renders: the token can be refused on a screen without the top bar.
forgetSignedOutUserOnSignOut()
// ...and stops this device's push notifications (docs/decisions/0280).
forgetPushOnSignOut()

/**
 * Who is here (spec §2): signed in, a welcome with the display name and a sign-out
 * button; signed out, a sign-in button to /auth. Sign-out failure shows spec §8's message.
 * With videos kept on this device, sign-out first asks whether to remove them (docs/quality.md).
 */
export function AccountActions({ onSignOut }: { onSignOut: () => Promise<void> }) {
  const { t } = useLingui()
  const session = useSession()
  const uid = isSignedIn(session) ? session.user.uid : null
  const kept = useKeptVideos(uid)
  const [failed, setFailed] = useState(false)
  const [removeFailed, setRemoveFailed] = useState(false)
  const [busy, setBusy] = useState(false)
  const [asking, setAsking] = useState<number | null>(null)

  // Until the first auth state arrives (spec §4) a returning user must not be offered 'Sign in'.
  if (session.status === 'loading') return <span className="topbar__account topbar__account--pending" aria-hidden="true" />

  if (!isSignedIn(session)) {
    return (
      <>
        <Link to="/auth" className="btn btn--small btn--primary">
          {t`Sign in`}
        </Link>
        {removeFailed && (
          <p role="alert" className="form-error topbar__error">
            {t`The videos kept on this device could not be removed. Remove them in your browser’s site settings.`}
          </p>
        )}
        {session.accountDeleted && <output className="topbar__error">{t`Your account was deleted, and this device no longer holds any of its data.`}</output>}
      </>
    )
  }

  async function signOut(signedOutUid: string, removeKept: boolean) {
    setBusy(true)
    setFailed(false)
    setRemoveFailed(false)
    try {
      await onSignOut()
    } catch {
      setFailed(true)
      setBusy(false)
      return
    }
    // After the sign-out succeeded: a failed sign-out must not cost the user their offline videos.
    if (removeKept) await removeAllKeptVideos(signedOutUid).catch(() => setRemoveFailed(true))
    setBusy(false)
  }

  const signedInUid = session.user.uid
  // Counted at the click, not read from the live list: a click before that list has
  // loaded must still ask rather than sign out past the user's kept videos.
  async function startSignOut() {
    const count = kept.urls.size > 0 ? kept.urls.size : await countKeptVideos(signedInUid).catch(() => 0)
    if (count > 0) setAsking(count)
    else void signOut(signedInUid, false)
  }

  const name = session.user.displayName ?? session.user.email
  return (
    <div className="topbar__account">
      <span className="topbar__welcome">{t`Welcome, ${name}`}</span>
      <button type="button" className="btn btn--small btn--ghost" onClick={() => void startSignOut()} disabled={busy}>
        {t`Sign out`}
      </button>
      <AccountMenuItems />
      {(kept.urls.size > 0 || asking !== null) && (
        <Suspense fallback={null}>
          <RemoveKeptVideosDialog
            keptCount={asking}
            onChoose={(remove) => {
              setAsking(null)
              void signOut(signedInUid, remove)
            }}
            onCancel={() => setAsking(null)}
          />
        </Suspense>
      )}
      {failed && (
        <p role="alert" className="form-error topbar__error">
          {t`Failed to sign out`}
        </p>
      )}
    </div>
  )
}
