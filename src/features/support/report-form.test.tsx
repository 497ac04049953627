import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { ReportForm } from './report-form'
import { answerFetch, holdFetch, renderSupport, signedIn, useToken } from './test/render-support'

async function describeAndSubmit(description: string, link = '') {
  const user = userEvent.setup()
  if (description) await user.type(screen.getByLabelText('Description'), description)
  if (link) await user.type(screen.getByLabelText('Screenshot or video link (optional)'), link)
  await user.click(screen.getByRole('button', { name: 'Submit report' }))
}

describe('ReportForm (spec §2 Bug report, §3, §8)', () => {
  it('has a four-row description and a link field', async () => {
    await renderSupport(<ReportForm />)
    expect(screen.getByLabelText('Description')).toHaveAttribute('rows', '4')
    expect(screen.getByLabelText('Screenshot or video link (optional)')).toBeInTheDocument()
  })

  it('nudges for a description instead of sending an empty report', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch')
    await renderSupport(<ReportForm />)
    await describeAndSubmit('')
    const description = screen.getByLabelText('Description')
    expect(description).toHaveAttribute('aria-invalid', 'true')
    expect(description).toHaveAccessibleDescription(expect.stringContaining('Please describe the problem'))
    expect(description).toHaveFocus()
    expect(fetchSpy).not.toHaveBeenCalled()
  })

  it('sends null ids for a visitor and confirms, clearing the form', async () => {
    const { sent } = answerFetch({ success: true, message: 'Bug report submitted' })
    await renderSupport(<ReportForm />)
    await describeAndSubmit('The gallery is empty', 'https://example.com/shot.png')
    expect(await screen.findByText('Thank you! Your bug report was submitted successfully.')).toHaveClass('form-success')
    expect(sent).toEqual([
      {
        url: '/api/bug-reports/v1/new',
        body: { userId: null, userEmail: null, message: 'The gallery is empty', attachment: 'https://example.com/shot.png' },
        authorization: null,
      },
    ])
    expect(screen.getByLabelText('Description')).toHaveValue('')
  })

  it("sends a signed-in user's uid and email with the bearer token", async () => {
    const { sent } = answerFetch({ success: true, message: 'ok' })
    useToken('token-ada')
    await renderSupport(<ReportForm />, { session: signedIn })
    await describeAndSubmit('Broken')
    await screen.findByText(/submitted successfully/)
    expect(sent[0]?.body).toEqual({ userId: 'uid-ada', userEmail: 'ada@example.com', message: 'Broken', attachment: '' })
    expect(sent[0]?.authorization).toBe('Bearer token-ada')
  })

  it('shows Submitting... on a disabled button while busy', async () => {
    const answer = holdFetch()
    await renderSupport(<ReportForm />)
    await describeAndSubmit('Slow')
    expect(screen.getByRole('button', { name: 'Submitting...' })).toBeDisabled()
    answer({ success: true, message: 'ok' })
    expect(await screen.findByRole('button', { name: 'Submit report' })).toBeEnabled()
  })

  it('shows a refusal in red with the server text as a detail and keeps the text', async () => {
    answerFetch({ success: false, message: 'Storage full' })
    await renderSupport(<ReportForm />)
    await describeAndSubmit('Keep this', 'https://example.com/v.mp4')
    const failure = await screen.findByText('Failed to submit the bug report. Please try again.', { exact: false })
    expect(failure).toHaveClass('form-error')
    expect(failure).toHaveTextContent('Failed to submit the bug report. Please try again.Details: Storage full')
    expect(screen.getByLabelText('Description')).toHaveValue('Keep this')
    expect(screen.getByLabelText('Screenshot or video link (optional)')).toHaveValue('https://example.com/v.mp4')
  })

  it("gives the reason of a coded refusal in the user's words", async () => {
    answerFetch({ message: 'Too many requests', code: 'payload_too_large' }, 413)
    await renderSupport(<ReportForm />)
    await describeAndSubmit('A very long story')
    expect(await screen.findByText('Failed to submit the bug report: That is too large to send.')).toHaveClass('form-error')
  })

  it('falls back to the generic refusal when the server gives no reason', async () => {
    answerFetch({}, 500)
    await renderSupport(<ReportForm />)
    await describeAndSubmit('Crash')
    expect(await screen.findByText('Failed to submit the bug report. Please try again.')).toHaveClass('form-error')
  })

  it('shows the general error when the call throws', async () => {
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'))
    await renderSupport(<ReportForm />)
    await describeAndSubmit('Crash')
    expect(await screen.findByText('An error occurred. Please try again later.')).toHaveClass('form-error')
    expect(screen.getByLabelText('Description')).toHaveValue('Crash')
  })
})
