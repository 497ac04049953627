import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { ContactForm } from './contact-form'
import { answerFetch, holdFetch, renderSupport, signedIn, useToken } from './test/render-support'

async function fillAndSend(fields: { email?: string; message?: string; name?: string; subject?: string }) {
  const user = userEvent.setup()
  if (fields.name) await user.type(screen.getByLabelText('Name (optional)'), fields.name)
  if (fields.email) await user.type(screen.getByLabelText('Email'), fields.email)
  if (fields.subject) await user.type(screen.getByLabelText('Subject (optional)'), fields.subject)
  if (fields.message) await user.type(screen.getByLabelText('Message'), fields.message)
  await user.click(screen.getByRole('button', { name: 'Send message' }))
}

describe('ContactForm fields (spec §2, §6)', () => {
  it('asks signed-out visitors for name and email', async () => {
    await renderSupport(<ContactForm />)
    expect(screen.getByLabelText('Name (optional)')).toBeInTheDocument()
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email')
    expect(screen.getByLabelText('Message')).toHaveAttribute('rows', '4')
  })

  it('does not ask signed-in users for name or email', async () => {
    await renderSupport(<ContactForm />, { session: signedIn })
    expect(screen.queryByLabelText('Name (optional)')).not.toBeInTheDocument()
    expect(screen.queryByLabelText('Email')).not.toBeInTheDocument()
    expect(screen.getByText('ada@example.com')).toBeInTheDocument()
  })

  it('links the terms note to /terms', async () => {
    await renderSupport(<ContactForm />)
    expect(screen.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms')
  })
})

describe('ContactForm validation (spec §5)', () => {
  it('requires email and message, marks and links both, sends nothing', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch')
    await renderSupport(<ContactForm />)
    await fillAndSend({})
    const email = screen.getByLabelText('Email')
    const message = screen.getByLabelText('Message')
    expect(email).toHaveAttribute('aria-invalid', 'true')
    expect(email).toHaveAccessibleDescription('Please enter your email address.')
    expect(message).toHaveAttribute('aria-invalid', 'true')
    expect(message).toHaveAccessibleDescription('Please enter your message.')
    expect(email).toHaveFocus()
    expect(fetchSpy).not.toHaveBeenCalled()
  })

  it('refuses a malformed email with the spec wording', async () => {
    await renderSupport(<ContactForm />)
    await fillAndSend({ email: 'ada@example', message: 'Hi' })
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Please enter a valid email address.')
    expect(screen.getByLabelText('Message')).not.toHaveAttribute('aria-invalid')
  })

  it('clears an error as soon as the field is fixed', async () => {
    await renderSupport(<ContactForm />)
    await fillAndSend({ email: 'ada@example.com' })
    expect(screen.getByText('Please enter your message.')).toBeInTheDocument()
    await userEvent.setup().type(screen.getByLabelText('Message'), 'Hello')
    expect(screen.queryByText('Please enter your message.')).not.toBeInTheDocument()
  })

  it('shows the messages in German', async () => {
    await renderSupport(<ContactForm />, { locale: 'de' })
    const user = userEvent.setup()
    await user.type(screen.getByLabelText('E-Mail'), 'ada@')
    await user.click(screen.getByRole('button', { name: 'Nachricht senden' }))
    expect(screen.getByText('Bitte gib eine gültige E-Mail-Adresse ein.')).toBeInTheDocument()
    expect(screen.getByText('Bitte gib deine Nachricht ein.')).toBeInTheDocument()
  })
})

describe('ContactForm sending (spec §3 payload, §4 states, §8 outcomes)', () => {
  it('sends the spec §3 payload for a visitor, then confirms in green and clears the form', async () => {
    const { sent } = answerFetch({ success: true, message: 'Message sent successfully' })
    await renderSupport(<ContactForm />)
    await fillAndSend({ name: 'Ada', email: 'ada@example.com', subject: 'Credits', message: 'Where are my credits?' })
    const confirmation = await screen.findByText('Your message was sent successfully. We will reply within 48 hours.')
    expect(confirmation).toHaveClass('form-success')
    expect(sent).toEqual([
      {
        url: '/api/messages/v1/new',
        body: {
          userId: null,
          userName: 'Ada',
          email: 'ada@example.com',
          type: 'contact',
          subject: 'Credits',
          message: 'Where are my credits?',
        },
        authorization: null,
      },
    ])
    expect(screen.getByLabelText('Message')).toHaveValue('')
    expect(screen.getByLabelText('Email')).toHaveValue('')
  })

  it("sends a signed-in user's uid, name and email from the account, with the bearer token", async () => {
    const { sent } = answerFetch({ success: true, message: 'ok' })
    useToken('token-ada')
    await renderSupport(<ContactForm />, { session: signedIn })
    await fillAndSend({ subject: 'Hi', message: 'Hello' })
    await screen.findByText(/sent successfully/)
    expect(sent).toEqual([
      {
        url: '/api/messages/v1/new',
        body: { userId: 'uid-ada', userName: 'Ada Lovelace', email: 'ada@example.com', type: 'contact', subject: 'Hi', message: 'Hello' },
        authorization: 'Bearer token-ada',
      },
    ])
  })

  it('disables the button and says Sending... while busy', async () => {
    const answer = holdFetch()
    await renderSupport(<ContactForm />)
    await fillAndSend({ email: 'ada@example.com', message: 'Hello' })
    const busy = screen.getByRole('button', { name: 'Sending...' })
    expect(busy).toBeDisabled()
    answer({ success: true, message: 'ok' })
    expect(await screen.findByRole('button', { name: 'Send message' })).toBeEnabled()
  })

  it('says why the server refused, by its code, in German: never its English message (decision 0253)', async () => {
    answerFetch({ message: 'email: Please enter a valid email address.', code: 'validation_failed' }, 400)
    await renderSupport(<ContactForm />, { locale: 'de' })
    await userEvent.type(screen.getByLabelText('E-Mail'), 'ada@example.com')
    await userEvent.type(screen.getByLabelText('Nachricht'), 'Hallo')
    await userEvent.click(screen.getByRole('button', { name: 'Nachricht senden' }))
    const failure = await screen.findByText(/^Die Nachricht konnte nicht gesendet werden:/)
    expect(failure).toHaveTextContent(
      'Die Nachricht konnte nicht gesendet werden: Einige deiner Angaben sind ungültig. Bitte prüfe sie und versuche es erneut.',
    )
    expect(failure).not.toHaveTextContent(/Please|valid/)
  })

  it('shows a refusal without a code in red, the server text only as a detail, and keeps the text', async () => {
    answerFetch({ success: false, message: 'Mailbox unavailable' })
    await renderSupport(<ContactForm />)
    await fillAndSend({ email: 'ada@example.com', subject: 'Help', message: 'Please keep me' })
    const failure = await screen.findByText('Failed to send the message. Please try again.', { exact: false })
    expect(failure).toHaveClass('form-error')
    expect(within(failure).getByText('Mailbox unavailable')).toHaveAttribute('lang', 'en')
    expect(screen.getByLabelText('Message')).toHaveValue('Please keep me')
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com')
    expect(screen.getByLabelText('Subject (optional)')).toHaveValue('Help')
  })

  it('shows the general error when the call throws, and keeps the text', async () => {
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'))
    await renderSupport(<ContactForm />)
    await fillAndSend({ email: 'ada@example.com', message: 'Still here' })
    expect(await screen.findByText('An error occurred. Please try again later.')).toHaveClass('form-error')
    expect(screen.getByLabelText('Message')).toHaveValue('Still here')
  })

  it('explains the rate limit on HTTP 429', async () => {
    answerFetch({ message: 'Too many requests', code: 'rate_limited' }, 429)
    await renderSupport(<ContactForm />)
    await fillAndSend({ email: 'ada@example.com', message: 'Hi' })
    expect(await screen.findByText(/Too many messages were sent from here/)).toHaveClass('form-error')
  })

  it('says so and sends nothing while offline', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    const fetchSpy = vi.spyOn(globalThis, 'fetch')
    await renderSupport(<ContactForm />)
    await fillAndSend({ email: 'ada@example.com', message: 'Offline words' })
    expect(await screen.findByText(/You are offline/)).toHaveClass('form-error')
    expect(fetchSpy).not.toHaveBeenCalled()
    await waitFor(() => expect(screen.getByLabelText('Message')).toHaveValue('Offline words'))
  })
})
