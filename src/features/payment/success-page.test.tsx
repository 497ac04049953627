import { act, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { PAYMENT_CONFIRM_POLL_MS, PAYMENT_CONFIRM_POLL_TRIES } from '@contract/constants'
import { renderInRouter, signedIn, signedOut } from '@/app/testing/render-in-router'
import { userRecordKey } from '@/api/server-state'
import type { Session } from '@/session/session'
import { SuccessPage } from './success-page'

interface Answer {
  status: number
  body: unknown
}

/**
 * The server as the page meets it: the confirmation answers `confirms` in turn (the last
 * one again after that), the user record `record` (or its failure). Answers what was asked.
 */
function answerServer(confirms: Answer[], record: Answer = { status: 200, body: userRecord(23) }) {
  const asked: string[] = []
  let confirmIndex = 0
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = new Request(input instanceof Request ? input.clone() : String(input), init)
    const path = new URL(request.url).pathname
    if (path === '/api/payment/v1/confirm') {
      asked.push(`confirm ${JSON.stringify(await request.json())}`)
      const answer = confirms[Math.min(confirmIndex, confirms.length - 1)] ?? { status: 500, body: {} }
      confirmIndex += 1
      return Response.json(answer.body, { status: answer.status })
    }
    asked.push(`${request.method} ${path}`)
    return Response.json(record.body, { status: record.status })
  })
  return asked
}

const userRecord = (credits: number) => ({ _id: 'user-1', email: 'ada@example.com', name: 'Ada', credits, isCurrentlyGenerating: false })
const ok = (body: unknown): Answer => ({ status: 200, body })
const RECORD_READ = 'GET /api/users/v1/ada%40example.com'

/** The record the top bar shows, as the app holds it (signedIn() is uid u1). */
const heldRecord = [...userRecordKey('u1'), 'ada@example.com']

async function renderSuccess(sessionId: string | undefined, session: Session = signedIn(3)) {
  const { serverState } = await renderInRouter(<SuccessPage sessionId={sessionId} />, { session, areas: ['payment'] })
  serverState.setQueryData(heldRecord, userRecord(3))
  return { heldCredits: () => serverState.getQueryData<{ credits: number }>(heldRecord)?.credits }
}

afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
})

describe('SuccessPage (spec §2 Payment pages, docs/api.md confirm; docs/decisions/0116)', () => {
  it('confirms the session, then says how many credits were added and the new balance the server answers', async () => {
    const asked = answerServer([ok({ id: 'cs_1', status: 'completed', credits: 20 })])
    const { heldCredits } = await renderSuccess('cs_1', signedIn(3))
    // While it confirms, the page does not claim success beside a spinner.
    expect(screen.getByRole('heading', { level: 1, name: 'Confirming your payment…' })).toBeInTheDocument()
    expect(screen.queryByText('Payment Successful!')).not.toBeInTheDocument()

    expect(await screen.findByRole('heading', { level: 1, name: 'Payment Successful!' })).toBeInTheDocument()
    expect(screen.getByText('20 credits added')).toBeInTheDocument()
    expect(await screen.findByText('New balance: 23.00 credits')).toBeInTheDocument()
    expect(screen.queryByRole('status', { name: 'Confirming your payment' })).not.toBeInTheDocument()
    expect(asked).toEqual(['confirm {"session_id":"cs_1"}', RECORD_READ])
    // The top bar holds the same answer.
    expect(heldCredits()).toBe(23)
    expect(screen.getByRole('link', { name: 'Start creating' })).toHaveAttribute('href', '/ugc-actor')
  })

  it('never shows the balance from before the purchase as the new one: a failed read says where it will show', async () => {
    answerServer([ok({ id: 'cs_1', status: 'completed', credits: 20 })], { status: 503, body: { code: 'internal_error', message: 'down' } })
    await renderSuccess('cs_1', signedIn(3))
    expect(await screen.findByText('Your new balance shows in the top bar.')).toBeInTheDocument()
    expect(screen.queryByText(/New balance:/)).not.toBeInTheDocument()
  })

  it('speaks German', async () => {
    answerServer([ok({ id: 'cs_1', status: 'completed', credits: 11 })], ok(userRecord(1234.5)))
    await renderInRouter(<SuccessPage sessionId="cs_1" />, { session: signedIn(1223.5), locale: 'de', areas: ['payment'] })
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

  it('asks again about a payment still being processed until it is paid, then shows the new balance', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const open = ok({ id: 'cs_1', status: 'open', credits: 11 })
    const asked = answerServer([open, open, ok({ id: 'cs_1', status: 'completed', credits: 11 })], ok(userRecord(14)))
    await renderSuccess('cs_1')
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment received' })).toBeInTheDocument()
    expect(screen.getByText(/still being processed/)).toBeInTheDocument()
    expect(screen.getByRole('status', { name: 'Confirming your payment' })).toBeInTheDocument()
    await act(() => vi.advanceTimersByTimeAsync(2 * PAYMENT_CONFIRM_POLL_MS))
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment Successful!' })).toBeInTheDocument()
    expect(await screen.findByText('New balance: 14.00 credits')).toBeInTheDocument()
    expect(asked.filter((call) => call.startsWith('confirm'))).toHaveLength(3)
  })

  it('stops asking after a while, says so without a spinner, and checks again when asked', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const asked = answerServer([ok({ id: 'cs_1', status: 'open', credits: 11 })])
    await renderSuccess('cs_1')
    await act(() => vi.advanceTimersByTimeAsync(PAYMENT_CONFIRM_POLL_TRIES * PAYMENT_CONFIRM_POLL_MS))
    expect(await screen.findByText(/Some payment methods take a few days/)).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 1, name: 'Payment received' })).toBeInTheDocument()
    expect(screen.queryByRole('status', { name: 'Confirming your payment' })).not.toBeInTheDocument()
    const confirms = () => asked.filter((call) => call.startsWith('confirm')).length
    expect(confirms()).toBe(PAYMENT_CONFIRM_POLL_TRIES)
    // Nothing more is asked on its own.
    await act(() => vi.advanceTimersByTimeAsync(10 * PAYMENT_CONFIRM_POLL_MS))
    expect(confirms()).toBe(PAYMENT_CONFIRM_POLL_TRIES)
    vi.useRealTimers()
    await userEvent.click(screen.getByRole('button', { name: 'Check again' }))
    await vi.waitFor(() => expect(confirms()).toBe(PAYMENT_CONFIRM_POLL_TRIES + 1))
  })

  it('answers an unknown session id calmly, points to support, and still reads the balance again', async () => {
    const asked = answerServer([{ status: 404, body: { message: 'Not found', code: 'not_found' } }])
    await renderSuccess('cs_bogus')
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment not confirmed yet' })).toBeInTheDocument()
    expect(screen.getByText(/could not confirm this payment yet/)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'contact support' })).toHaveAttribute('href', '/contact')
    await vi.waitFor(() => expect(asked).toContain(RECORD_READ))
  })

  it('calls nothing without a session id', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch')
    await renderSuccess(undefined)
    expect(screen.getByText('Thank you for your purchase. Your credits are being added to your account.')).toBeInTheDocument()
    expect(fetchSpy).not.toHaveBeenCalled()
  })

  it('asks a signed-out visitor to sign in to see the balance', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch')
    await renderSuccess('cs_1', signedOut)
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/auth')
    expect(fetchSpy).not.toHaveBeenCalled()
  })
})
