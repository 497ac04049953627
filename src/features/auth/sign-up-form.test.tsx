import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { AuthPage } from './auth-page'
import { calls, firebaseError, resetCalls } from './test/identity-calls-mock'
import { renderAuth } from './test/render-auth'

vi.mock('./auth-actions', () => import('./test/identity-calls-mock'))

beforeEach(resetCalls)

async function openSignUp(locale: 'en' | 'de' = 'en') {
  await renderAuth(<AuthPage link={null} onLinkHandled={() => {}} />, { locale })
  const user = userEvent.setup()
  await user.click(screen.getByRole('button', { name: locale === 'en' ? 'Sign up' : 'Registrieren' }))
  return user
}

async function fill(user: ReturnType<typeof userEvent.setup>, values: { name?: string; email?: string; password?: string }) {
  if (values.name) await user.type(screen.getByLabelText('Name'), values.name)
  if (values.email) await user.type(screen.getByLabelText('Email'), values.email)
  if (values.password) await user.type(screen.getByLabelText('Password'), values.password)
}

describe('sign-up view (spec §2, §5)', () => {
  it('moves focus to its heading when opened', async () => {
    await openSignUp()
    expect(screen.getByRole('heading', { level: 1, name: 'Create your account' })).toHaveFocus()
  })

  it('checks the name live, before any submit', async () => {
    const user = await openSignUp()
    await fill(user, { name: 'Ada2' })
    expect(screen.getByLabelText('Name')).toHaveAccessibleDescription('Name cannot contain numbers or special characters.')
    await user.type(screen.getByLabelText('Name'), '{Backspace} Lovelace')
    expect(screen.getByLabelText('Name')).not.toHaveAttribute('aria-invalid')
  })

  it('shows each broken rule as its own message and sends nothing', async () => {
    const user = await openSignUp()
    await fill(user, { email: 'ada@', password: 'abc' })
    await user.click(screen.getByRole('button', { name: 'Sign up' }))
    expect(screen.getByLabelText('Name')).toHaveAccessibleDescription('Name is a required field.')
    expect(screen.getByLabelText('Name')).toHaveFocus()
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Please enter a valid email address.')
    const password = screen.getByLabelText('Password')
    expect(password).toHaveAccessibleDescription(/Password must be at least 8 characters long\./)
    expect(password).toHaveAccessibleDescription(/at least one uppercase letter\./)
    expect(password).toHaveAccessibleDescription(/at least one number\./)
    expect(password).toHaveAccessibleDescription(/at least one special character \(@\$!%\*\?&\)\./)
    expect(password).not.toHaveAccessibleDescription(/lowercase/)
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(calls.signUp).not.toHaveBeenCalled()
  })

  it('asks to agree to the terms first; Cancel sends nothing, Agree signs up and shows the notice', async () => {
    const user = await openSignUp()
    await fill(user, { name: ' Ada Lovelace ', email: 'ada@example.com', password: 'Passw0rd!' })
    await user.click(screen.getByRole('button', { name: 'Sign up' }))
    await user.click(within(screen.getByRole('dialog', { name: 'Terms of Service' })).getByRole('button', { name: 'Cancel' }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(calls.signUp).not.toHaveBeenCalled()

    await user.click(screen.getByRole('button', { name: 'Sign up' }))
    await user.click(within(screen.getByRole('dialog', { name: 'Terms of Service' })).getByRole('button', { name: 'Agree' }))
    expect(calls.signUp).toHaveBeenCalledWith({ name: 'Ada Lovelace', email: 'ada@example.com', password: 'Passw0rd!' })
    expect(await screen.findByRole('status')).toHaveTextContent('We sent a verification email to ada@example.com.')
  })

  it('explains an email that is already registered', async () => {
    calls.signUp.mockRejectedValue(firebaseError('auth/email-already-in-use'))
    const user = await openSignUp()
    await fill(user, { name: 'Ada', email: 'ada@example.com', password: 'Passw0rd!' })
    await user.click(screen.getByRole('button', { name: 'Sign up' }))
    await user.click(screen.getByRole('button', { name: 'Agree' }))
    expect(await screen.findByText('This email is already registered')).toBeInTheDocument()
  })

  it('speaks German', async () => {
    const user = await openSignUp('de')
    await user.type(screen.getByLabelText('E-Mail'), 'x')
    await user.click(screen.getByRole('button', { name: 'Registrieren' }))
    expect(screen.getByLabelText('Name')).toHaveAccessibleDescription('Der Name ist ein Pflichtfeld.')
    expect(screen.getByLabelText('E-Mail')).toHaveAccessibleDescription('Bitte gib eine gültige E-Mail-Adresse ein.')
    expect(screen.getByLabelText('Passwort')).toHaveAccessibleDescription(/Das Passwort muss mindestens 8 Zeichen lang sein\./)
  })
})
