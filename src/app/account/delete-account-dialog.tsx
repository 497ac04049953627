import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { AlertDialog } from 'radix-ui'
import { type FormEvent, useEffect, useState } from 'react'
import { isDemoAccount } from '@/jobs/job-config'
import { useForgetDeletedAccount, useSession } from '@/session/session'
import { Field } from '@/ui/field'
import { deleteMyAccount } from './account-calls'
import type { SignInMethod } from './reauthenticate'
import '@/ui/modal.css'
import './account.css'

// "Delete my account" (docs/decisions/0260): the user types a word and signs in
// again (password, or Google in a pop-up), then the server deletes the account
// and this device forgets it at once.

type Failure = 'wrong-password' | 'too-many' | 'cancelled' | 'popup-blocked' | 'other-account' | 'offline' | 'sign-in-again' | 'demo-account' | 'failed'

const DEMO_ACCOUNT_STAYS = msg`The demo account is shared by everyone who tries Actorly, so it cannot be deleted.`

const FAILURES: Record<Failure, MessageDescriptor> = {
  'wrong-password': msg`The password is not correct.`,
  'too-many': msg`Too many attempts. Please try again later.`,
  cancelled: msg`Sign in cancelled. Please try again`,
  'popup-blocked': msg`Please allow popups for this website to sign in with Google`,
  'other-account': msg`Please confirm with the Google account you are signed in with.`,
  offline: msg`You are offline. Connect to the internet to delete your account.`,
  'sign-in-again': msg`Please confirm your sign-in again to delete your account.`,
  'demo-account': DEMO_ACCOUNT_STAYS,
  failed: msg`Your account could not be deleted. Please try again.`,
}

/** The identity SDK's error codes, as the user can act on them. */
export function confirmFailureOf(error: unknown): Failure {
  const code = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : ''
  if (code === 'auth/wrong-password' || code === 'auth/invalid-credential' || code === 'auth/invalid-login-credentials') return 'wrong-password'
  if (code === 'auth/too-many-requests') return 'too-many'
  if (code === 'auth/popup-closed-by-user' || code === 'auth/cancelled-popup-request') return 'cancelled'
  if (code === 'auth/popup-blocked') return 'popup-blocked'
  if (code === 'auth/user-mismatch') return 'other-account'
  if (code === 'auth/network-request-failed') return 'offline'
  return 'failed'
}

const loadReauthentication = () => import('./reauthenticate')

interface DeleteAccountDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
}

export function DeleteAccountDialog({ open, onOpenChange }: DeleteAccountDialogProps) {
  const { t, i18n } = useLingui()
  const session = useSession()
  // The shared demo account stays (docs/decisions/0271): the dialog says so instead of asking.
  const demo = session.status === 'signed-in' && isDemoAccount(session.user.email)
  const forgetDeletedAccount = useForgetDeletedAccount()
  const [word, setWord] = useState('')
  const [password, setPassword] = useState('')
  const [method, setMethod] = useState<SignInMethod | null>(null)
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<Failure | null>(null)
  // The word to type, in the user's language.
  const confirmWord = t`DELETE`

  useEffect(() => {
    if (!open || demo) return
    let current = true
    loadReauthentication().then(
      (module) => current && setMethod(module.signInMethod()),
      () => current && setFailure('offline'),
    )
    return () => {
      current = false
    }
  }, [open, demo])

  function changeOpen(next: boolean) {
    if (busy) return
    if (!next) {
      setWord('')
      setPassword('')
      setFailure(null)
    }
    onOpenChange(next)
  }

  const wordTyped = word.trim().toLocaleUpperCase() === confirmWord.toLocaleUpperCase()
  const ready = wordTyped && method !== null && (method === 'google' || password !== '') && !busy

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (!ready) return
    setBusy(true)
    setFailure(null)
    try {
      const reauthentication = await loadReauthentication()
      if (method === 'password') await reauthentication.confirmWithPassword(password)
      else await reauthentication.confirmWithGoogle()
    } catch (error) {
      setFailure(confirmFailureOf(error))
      setBusy(false)
      return
    }
    const outcome = await deleteMyAccount()
    if (outcome !== 'deleted') {
      setFailure(outcome)
      setBusy(false)
      return
    }
    // Signs out: the account menu (and this dialog with it) gives way to the signed-out view.
    await forgetDeletedAccount()
  }

  return (
    <AlertDialog.Root open={open} onOpenChange={changeOpen}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="modal__overlay" />
        <AlertDialog.Content className="modal">
          <AlertDialog.Title className="modal__title">{demo ? <Trans>The demo account stays</Trans> : <Trans>Delete your account?</Trans>}</AlertDialog.Title>
          {demo ? (
            <>
              <AlertDialog.Description className="hint">{i18n._(DEMO_ACCOUNT_STAYS)}</AlertDialog.Description>
              <div className="delete-account__actions">
                <AlertDialog.Cancel className="btn">
                  <Trans>Close</Trans>
                </AlertDialog.Cancel>
              </div>
            </>
          ) : (
            <>
              <AlertDialog.Description className="hint">
                <Trans>This cannot be undone. Download your data first if you want to keep a copy.</Trans>
              </AlertDialog.Description>
              <ul className="delete-account__facts">
                <li>
                  <Trans>Deleted: your sign-in, videos, uploads, credits, generations in progress and your support messages.</Trans>
                </li>
                <li>
                  <Trans>Credits you have left are not paid out. A running generation is stopped.</Trans>
                </li>
                <li>
                  <Trans>Kept: the record of each payment (date, amount, credits), without your name or email, as tax law requires.</Trans>
                </li>
                <li>
                  <Trans>This device forgets the account at once; your other devices do the next time they are online.</Trans>
                </li>
              </ul>
              <form onSubmit={submit} noValidate>
                <Field label={<Trans>Type {confirmWord} to confirm</Trans>}>
                  {(props) => (
                    <input
                      {...props}
                      type="text"
                      autoComplete="off"
                      autoCapitalize="characters"
                      value={word}
                      onChange={(event) => setWord(event.target.value)}
                    />
                  )}
                </Field>
                {method === 'password' && (
                  <Field label={<Trans>Your password</Trans>}>
                    {(props) => (
                      <input
                        {...props}
                        type="password"
                        autoComplete="current-password"
                        value={password}
                        onChange={(event) => setPassword(event.target.value)}
                      />
                    )}
                  </Field>
                )}
                {method === 'google' && (
                  <p className="hint">
                    <Trans>You confirm with your Google account in a pop-up.</Trans>
                  </p>
                )}
                {failure !== null && (
                  <p role="alert" className="form-error">
                    {i18n._(FAILURES[failure])}
                  </p>
                )}
                <div className="delete-account__actions">
                  <AlertDialog.Cancel className="btn" disabled={busy}>
                    <Trans>Cancel</Trans>
                  </AlertDialog.Cancel>
                  <button type="submit" className="btn btn--primary" disabled={!ready} aria-busy={busy || undefined}>
                    {busy && <span className="spinner" aria-hidden="true" />}
                    <Trans>Delete my account</Trans>
                  </button>
                </div>
              </form>
            </>
          )}
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  )
}
