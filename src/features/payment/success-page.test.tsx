import { screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderInRouter, signedIn, signedOut } from '@/app/testing/render-in-router'
import { userRecordKey } from '@/api/server-state'
import type { Session } from '@/session/session'
import { SuccessPage } from './success-page'

function answerConfirm(reply: unknown, status = 200) {
  const sent: unknown[] = []
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = new Request(input instanceof Request ? input.clone() : String(input), init)
    sent.push({ path: new URL(request.url).pathname, body: await request.json() })
    return Response.json(reply, { status })
  })
  return sent
}

/** The record the top bar shows, as the app holds it (signedIn() is uid u1). */
const heldRecord = [...userRecordKey('u1'), 'ada@example.com']

async function renderSuccess(sessionId: string | undefined, session: Session = signedIn(3)) {
  const { serverState } = await renderInRouter(<SuccessPage sessionId={sessionId} />, { session, areas: ['payment'] })
  serverState.setQueryData(heldRecord, { credits: 3 })
  /** Whether the balance will be asked for again. */
  const balanceRefreshed = () => serverState.getQueryState(heldRecord)?.isInvalidated
  return { balanceRefreshed }
}

afterEach(() => vi.restoreAllMocks())

describe('SuccessPage (spec §2 Payment pages, docs/api.md confirm; docs/decisions/0116)', () => {
  it('confirms the session, then says how many credits were added and the new balance', async () => {
    const sent = answerConfirm({ id: 'cs_1', status: 'completed', credits: 20 })
    const { balanceRefreshed } = await renderSuccess('cs_1', signedIn(23))
    // While it confirms, the page does not claim success beside a spinner.
    expect(screen.getByRole('heading', { level: 1, name: 'Confirming your payment…' })).toBeInTheDocument()
    expect(screen.queryByText('Payment Successful!')).not.toBeInTheDocument()

    expect(await screen.findByRole('heading', { level: 1, name: 'Payment Successful!' })).toBeInTheDocument()
    expect(screen.getByText('20 credits added')).toBeInTheDocument()
    expect(await screen.findByText('New balance: 23.00 credits')).toBeInTheDocument()
    expect(screen.queryByRole('status', { name: 'Confirming your payment' })).not.toBeInTheDocument()
    expect(sent).toEqual([{ path: '/api/payment/v1/confirm', body: { session_id: 'cs_1' } }])
    expect(balanceRefreshed()).toBe(true)
    expect(screen.getByRole('link', { name: 'Start creating' })).toHaveAttribute('href', '/ugc-actor')
  })

  it('speaks German', async () => {
    answerConfirm({ id: 'cs_1', status: 'completed', credits: 11 })
    await renderInRouter(<SuccessPage sessionId="cs_1" />, { session: signedIn(1234.5), locale: 'de', areas: ['payment'] })
    expect(await screen.findByRole('heading', { level: 1, name: 'Zahlung erfolgreich!' })).toBeInTheDocument()
    expect(screen.getByText('11 Credits gutgeschrieben')).toBeInTheDocument()
    expect(await screen.findByText('Neues Guthaben: 1.234,50 Credits')).toBeInTheDocument()
  })

  it('offline, waits with Start creating and says why', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    await renderSuccess(undefined)
    expect(screen.queryByRole('link', { name: 'Start creating' })).not.toBeInTheDocument()
    const waiting = screen.getByRole('button', { name: 'Start creating' })
    expect(waiting).toBeDisabled()
    expect(waiting).toHaveAccessibleDescription('You are offline. Connect to the internet to make videos.')
  })

  it('says a still-open payment is being processed', async () => {
    answerConfirm({ id: 'cs_1', status: 'open', credits: 11 })
    await renderSuccess('cs_1')
    expect(await screen.findByText(/still being processed/)).toBeInTheDocument()
  })

  it('answers an unknown session id calmly, points to support, and still refreshes', async () => {
    answerConfirm({ message: 'Not found', code: 'not_found' }, 404)
    const { balanceRefreshed } = await renderSuccess('cs_bogus')
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment not confirmed yet' })).toBeInTheDocument()
    expect(screen.getByText(/could not confirm this payment yet/)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'contact support' })).toHaveAttribute('href', '/contact')
    await expect.poll(balanceRefreshed).toBe(true)
  })

  it('calls nothing without a session id', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch')
    const { balanceRefreshed } = await renderSuccess(undefined)
    expect(screen.getByText('Thank you for your purchase. Your credits are being added to your account.')).toBeInTheDocument()
    expect(fetchSpy).not.toHaveBeenCalled()
    expect(balanceRefreshed()).toBe(false)
  })

  it('asks a signed-out visitor to sign in to see the balance', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch')
    await renderSuccess('cs_1', signedOut)
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/auth')
    expect(fetchSpy).not.toHaveBeenCalled()
  })
})
