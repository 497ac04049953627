import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { type ComponentProps, useState } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { AuthPage } from './auth-page'
import { calls, firebaseError, resetCalls } from './test/identity-calls-mock'
import { renderAuth } from './test/render-auth'

vi.mock('./auth-actions', () => import('./test/identity-calls-mock'))

beforeEach(resetCalls)
afterEach(() => vi.unstubAllEnvs())

/** The route's part: the link is dropped from the address once handled. */
function LinkedCard({ link }: { link: ComponentProps<typeof AuthPage>['link'] }) {
  const [current, setCurrent] = useState(link)
  return <AuthPage link={current} onLinkHandled={() => setCurrent(null)} />
}

describe('password reset link (/auth?mode=resetPassword&oobCode=...)', () => {
  it('applies the sign-up rules, resets, then shows sign-in with the success message', async () => {
    await renderAuth(<LinkedCard link={{ mode: 'resetPassword', oobCode: 'code-1' }} />)
    const user = userEvent.setup()
    await user.type(screen.getByLabelText('New password'), 'password')
    await user.click(screen.getByRole('button', { name: 'Reset password' }))
    expect(screen.getByLabelText('New password')).toHaveAccessibleDescription(/uppercase/)
    expect(calls.resetPassword).not.toHaveBeenCalled()

    await user.clear(screen.getByLabelText('New password'))
    await user.type(screen.getByLabelText('New password'), 'Passw0rd!')
    await user.click(screen.getByRole('button', { name: 'Reset password' }))
    expect(calls.resetPassword).toHaveBeenCalledWith('code-1', 'Passw0rd!')
    expect(await screen.findByRole('status')).toHaveTextContent('Password has been reset successfully.')
    expect(screen.getByRole('heading', { level: 1, name: 'Sign in' })).toHaveFocus()
  })

  it.each([
    ['auth/expired-action-code', 'The reset link has expired. Please request a new one.'],
    ['auth/invalid-action-code', 'Invalid or malformed reset code.'],
  ])('explains %s', async (code, text) => {
    calls.resetPassword.mockRejectedValue(firebaseError(code))
    await renderAuth(<LinkedCard link={{ mode: 'resetPassword', oobCode: 'code-1' }} />)
    const user = userEvent.setup()
    await user.type(screen.getByLabelText('New password'), 'Passw0rd!')
    await user.click(screen.getByRole('button', { name: 'Reset password' }))
    expect(await screen.findByText(text)).toBeInTheDocument()
  })
})

describe('verification link (/auth?mode=verifyEmail&oobCode=...)', () => {
  it('applies the code once and asks to sign in', async () => {
    await renderAuth(<LinkedCard link={{ mode: 'verifyEmail', oobCode: 'verify-1' }} />)
    expect(await screen.findByText('Your email address is verified. Please sign in.')).toBeInTheDocument()
    expect(calls.verifyEmail).toHaveBeenCalledTimes(1)
    expect(calls.verifyEmail).toHaveBeenCalledWith('verify-1')
    expect(screen.getByLabelText('Email')).toHaveValue('')
  })

  it('fills in the address the link verified', async () => {
    calls.verifyEmail.mockResolvedValue('ada.lovelace@example.com')
    await renderAuth(<LinkedCard link={{ mode: 'verifyEmail', oobCode: 'verify-3' }} />)
    expect(await screen.findByText('Your email address is verified. Please sign in.')).toBeInTheDocument()
    expect(screen.getByLabelText('Email')).toHaveValue('ada.lovelace@example.com')
    expect(screen.getByLabelText('Password')).toHaveValue('')
  })

  it('explains a used or unknown link', async () => {
    calls.verifyEmail.mockRejectedValue(firebaseError('auth/invalid-action-code'))
    await renderAuth(<LinkedCard link={{ mode: 'verifyEmail', oobCode: 'verify-2' }} />)
    expect(await screen.findByText('This verification link is invalid or has already been used.')).toBeInTheDocument()
  })
})

describe('forgot-password view (spec §2, §8)', () => {
  it('sends the reset link and is left by "Return to sign in"', async () => {
    await renderAuth(<LinkedCard link={null} />)
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }))
    await user.type(screen.getByLabelText('Email'), 'ada@example.com')
    await user.click(screen.getByRole('button', { name: 'Send reset link' }))
    expect(calls.sendResetLink).toHaveBeenCalledWith('ada@example.com')
    expect(await screen.findByText('Password reset email sent. Check your inbox.')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Return to sign in' }))
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Sign in' })).toHaveFocus())
  })

  it('explains an unknown account', async () => {
    calls.sendResetLink.mockRejectedValue(firebaseError('auth/user-not-found'))
    await renderAuth(<LinkedCard link={null} />)
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }))
    await user.type(screen.getByLabelText('Email'), 'nobody@example.com')
    await user.click(screen.getByRole('button', { name: 'Send reset link' }))
    expect(await screen.findByText('No account found with this email')).toBeInTheDocument()
  })

  it('sends no reset link for the shared demo account, and says why', async () => {
    vi.stubEnv('VITE_DEMO_ACCOUNT_EMAIL', 'demo@actorly.test')
    await renderAuth(<LinkedCard link={null} />)
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }))
    await user.type(screen.getByLabelText('Email'), ' Demo@Actorly.test ')
    await user.click(screen.getByRole('button', { name: 'Send reset link' }))
    expect(await screen.findByText('The demo account is shared by everyone who tries Actorly, so its password cannot be changed.')).toBeInTheDocument()
    expect(calls.sendResetLink).not.toHaveBeenCalled()
  })
})
