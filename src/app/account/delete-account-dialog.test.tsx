import { setupI18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ForgetDeletedAccountContext, SessionContext, type Session } from '@/session/session'
import { DeleteAccountDialog } from './delete-account-dialog'

// The delete dialog (docs/decisions/0260) against a stand-in identity SDK (it
// cannot run in jsdom; the e2e test uses the real one) and a stubbed server.

const reauthentication = vi.hoisted(() => ({
  signInMethod: vi.fn<() => 'password' | 'google' | null>(() => 'password'),
  confirmWithPassword: vi.fn<(password: string) => Promise<void>>(async () => {}),
  confirmWithGoogle: vi.fn<() => Promise<void>>(async () => {}),
}))
vi.mock('./reauthenticate', () => reauthentication)

const deletionCalls: unknown[] = []
let answer: () => Response

beforeEach(() => {
  deletionCalls.length = 0
  answer = () => Response.json({ status: 'done' })
  reauthentication.signInMethod.mockReturnValue('password')
  reauthentication.confirmWithPassword.mockReset().mockResolvedValue()
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      deletionCalls.push({ path: new URL(request.url).pathname, body: await request.json() })
      return answer()
    }),
  )
})
afterEach(() => {
  vi.unstubAllGlobals()
  vi.unstubAllEnvs()
})

function renderDialog(email = 'ada@example.test') {
  const i18n = setupI18n()
  i18n.loadAndActivate({ locale: 'en', messages: {} })
  const forget = vi.fn<() => Promise<void>>(async () => {})
  const session: Session = { status: 'signed-in', user: { uid: 'uid-1', email, displayName: null }, record: null, credits: null }
  render(
    <I18nProvider i18n={i18n}>
      <SessionContext value={session}>
        <ForgetDeletedAccountContext value={forget}>
          <DeleteAccountDialog open onOpenChange={() => {}} />
        </ForgetDeletedAccountContext>
      </SessionContext>
    </I18nProvider>,
  )
  return { forget, user: userEvent.setup() }
}

const deleteButton = () => screen.getByRole('button', { name: 'Delete my account' })

describe('DeleteAccountDialog', () => {
  it('deletes only after the word is typed and the password confirmed, then forgets the account on this device', async () => {
    const { forget, user } = renderDialog()
    const password = await screen.findByLabelText('Your password')
    expect(deleteButton()).toBeDisabled()
    await user.type(screen.getByLabelText('Type DELETE to confirm'), 'DELET')
    await user.type(password, 'Passw0rd!')
    expect(deleteButton()).toBeDisabled()
    await user.type(screen.getByLabelText('Type DELETE to confirm'), 'E')
    expect(deleteButton()).toBeEnabled()

    await user.click(deleteButton())
    await vi.waitFor(() => expect(forget).toHaveBeenCalledOnce())
    expect(reauthentication.confirmWithPassword).toHaveBeenCalledWith('Passw0rd!')
    expect(deletionCalls).toEqual([{ path: '/api/account/v1/deletion', body: { confirm: true } }])
  })

  it('says so when the password is wrong, and deletes nothing', async () => {
    reauthentication.confirmWithPassword.mockRejectedValue(Object.assign(new Error('wrong'), { code: 'auth/invalid-credential' }))
    const { forget, user } = renderDialog()
    await user.type(await screen.findByLabelText('Your password'), 'nope')
    await user.type(screen.getByLabelText('Type DELETE to confirm'), 'delete')
    await user.click(deleteButton())
    expect(await screen.findByRole('alert')).toHaveTextContent('The password is not correct.')
    expect(deletionCalls).toEqual([])
    expect(forget).not.toHaveBeenCalled()
  })

  it('asks for a fresh sign-in when the server finds the sign-in too old, and keeps the account', async () => {
    answer = () => Response.json({ message: 'Sign in again', code: 'recent_sign_in_required' }, { status: 403 })
    const { forget, user } = renderDialog()
    await user.type(await screen.findByLabelText('Your password'), 'Passw0rd!')
    await user.type(screen.getByLabelText('Type DELETE to confirm'), 'DELETE')
    await user.click(deleteButton())
    expect(await screen.findByRole('alert')).toHaveTextContent('Please confirm your sign-in again to delete your account.')
    expect(forget).not.toHaveBeenCalled()
  })

  it('confirms with Google for an account without a password', async () => {
    reauthentication.signInMethod.mockReturnValue('google')
    const { forget, user } = renderDialog()
    await screen.findByText('You confirm with your Google account in a pop-up.')
    expect(screen.queryByLabelText('Your password')).not.toBeInTheDocument()
    await user.type(screen.getByLabelText('Type DELETE to confirm'), 'DELETE')
    await user.click(deleteButton())
    await vi.waitFor(() => expect(forget).toHaveBeenCalledOnce())
    expect(reauthentication.confirmWithGoogle).toHaveBeenCalledOnce()
  })

  it('says the shared demo account stays, and offers nothing to delete it with', async () => {
    vi.stubEnv('VITE_DEMO_ACCOUNT_EMAIL', 'demo@actorly.test')
    const { user } = renderDialog('Demo@Actorly.test')
    expect(screen.getByRole('alertdialog', { name: 'The demo account stays' })).toBeInTheDocument()
    expect(screen.getByText('The demo account is shared by everyone who tries Actorly, so it cannot be deleted.')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Delete my account' })).not.toBeInTheDocument()
    expect(screen.queryByLabelText('Type DELETE to confirm')).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Close' }))
    expect(reauthentication.confirmWithPassword).not.toHaveBeenCalled()
    expect(deletionCalls).toEqual([])
  })

  it('says so when the server refuses to delete the demo account, and keeps it', async () => {
    answer = () => Response.json({ message: 'The demo account is shared and cannot be deleted', code: 'demo_account_protected' }, { status: 403 })
    const { forget, user } = renderDialog()
    await user.type(await screen.findByLabelText('Your password'), 'Passw0rd!')
    await user.type(screen.getByLabelText('Type DELETE to confirm'), 'DELETE')
    await user.click(deleteButton())
    expect(await screen.findByRole('alert')).toHaveTextContent('The demo account is shared by everyone who tries Actorly, so it cannot be deleted.')
    expect(forget).not.toHaveBeenCalled()
  })
})
