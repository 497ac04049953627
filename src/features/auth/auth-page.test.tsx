import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { AuthPage } from './auth-page'
import { calls, firebaseError, resetCalls } from './test/identity-calls-mock'
import { renderAuth } from './test/render-auth'

vi.mock('./auth-actions', () => import('./test/identity-calls-mock'))

beforeEach(resetCalls)

async function showPlainCard(options: { locale?: 'en' | 'de' } = {}) {
  return renderAuth(<AuthPage link={null} onLinkHandled={() => {}} />, options)
}

describe('sign-in view (spec §2 Auth page, §5)', () => {
  it('signs in with email and password, without a strength check, and goes to /ugc-actor', async () => {
    calls.signInWithPassword.mockResolvedValue({ kind: 'signed-in' })
    const { router } = await showPlainCard()
    const user = userEvent.setup()
    await user.type(screen.getByLabelText('Email'), ' ada@example.com ')
    await user.type(screen.getByLabelText('Password'), 'weak')
    await user.click(screen.getByRole('button', { name: 'Sign in' }))
    expect(calls.signInWithPassword).toHaveBeenCalledWith('ada@example.com', 'weak')
    await waitFor(() => expect(router.state.location.pathname).toBe('/ugc-actor'))
  })

  it('checks the email and asks for a password before calling the service', async () => {
    await showPlainCard()
    const user = userEvent.setup()
    await user.type(screen.getByLabelText('Email'), 'ada@example')
    await user.click(screen.getByRole('button', { name: 'Sign in' }))
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Please enter a valid email address.')
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Please enter your password.')
    expect(screen.getByLabelText('Email')).toHaveFocus()
    expect(calls.signInWithPassword).not.toHaveBeenCalled()
  })

  it('refuses an unverified account and sends the link again on request', async () => {
    calls.signInWithPassword.mockResolvedValue({ kind: 'unverified', email: 'ada@example.com' })
    const { router } = await showPlainCard()
    const user = userEvent.setup()
    await user.type(screen.getByLabelText('Email'), 'ada@example.com')
    await user.type(screen.getByLabelText('Password'), 'Passw0rd!')
    await user.click(screen.getByRole('button', { name: 'Sign in' }))
    expect(await screen.findByText('Please verify your email address')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Resend verification email' }))
    expect(calls.resendVerification).toHaveBeenCalledWith('ada@example.com', 'Passw0rd!')
    expect(await screen.findByText('We sent a new verification email to ada@example.com.')).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/auth')
  })

  it.each([
    ['auth/invalid-credential', 'Invalid email or password'],
    ['auth/user-not-found', 'No account found with this email'],
  ])('shows %s as %j', async (code, text) => {
    calls.signInWithPassword.mockRejectedValue(firebaseError(code))
    await showPlainCard()
    const user = userEvent.setup()
    await user.type(screen.getByLabelText('Email'), 'ada@example.com')
    await user.type(screen.getByLabelText('Password'), 'x')
    await user.click(screen.getByRole('button', { name: 'Sign in' }))
    expect(await screen.findByText(text)).toBeInTheDocument()
  })

  it('links the card to /terms and /privacy', async () => {
    await showPlainCard()
    expect(screen.getByRole('link', { name: 'Terms' })).toHaveAttribute('href', '/terms')
    expect(screen.getByRole('link', { name: 'Privacy policy' })).toHaveAttribute('href', '/privacy')
  })
})

describe('Google sign-in (spec §2, §4, §8)', () => {
  it('goes to /ugc-actor after the popup', async () => {
    const { router } = await showPlainCard()
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign in with Google' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/ugc-actor'))
  })

  it.each([
    ['auth/popup-blocked', 'Please allow popups for this website to sign in with Google'],
    ['auth/popup-closed-by-user', 'Sign in cancelled. Please try again'],
    ['auth/internal-error', 'Failed to sign in with Google'],
  ])('stays on the card and explains %s', async (code, text) => {
    calls.signInWithGoogle.mockRejectedValue(firebaseError(code))
    const { router } = await showPlainCard()
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign in with Google' }))
    expect(await screen.findByText(text)).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/auth')
  })
})
