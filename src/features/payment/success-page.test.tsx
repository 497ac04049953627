import { screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { renderInRouter, signedIn, signedOut } from '@/app/testing/render-in-router'
import { type Session, SessionActionsContext } from '@/session/session'
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

async function renderSuccess(sessionId: string | undefined, session: Session = signedIn(3)) {
  const refreshUser = vi.fn<() => void>()
  const actions = { refreshUser, adjustCredits: () => {}, signOut: async () => {} }
  await renderInRouter(
    <SessionActionsContext value={actions}>
      <SuccessPage sessionId={sessionId} />
    </SessionActionsContext>,
    { session },
  )
  return { refreshUser }
}

describe('SuccessPage (spec §2 Payment pages, docs/api.md confirm)', () => {
  it('confirms the session, says how many credits were added and refreshes the balance', async () => {
    const sent = answerConfirm({ id: 'cs_1', status: 'completed', credits: 20 })
    const { refreshUser } = await renderSuccess('cs_1')
    expect(screen.getByRole('heading', { level: 1, name: 'Payment Successful!' })).toBeInTheDocument()
    expect(await screen.findByText('Thank you for your purchase. 20 credits were added to your account.')).toBeInTheDocument()
    expect(sent).toEqual([{ path: '/api/payment/v1/confirm', body: { session_id: 'cs_1' } }])
    expect(refreshUser).toHaveBeenCalledTimes(1)
    expect(screen.getByRole('link', { name: 'Start creating' })).toHaveAttribute('href', '/ugc-actor')
  })

  it('says a still-open payment is being processed', async () => {
    answerConfirm({ id: 'cs_1', status: 'open', credits: 11 })
    await renderSuccess('cs_1')
    expect(await screen.findByText(/still being processed/)).toBeInTheDocument()
  })

  it('answers an unknown session id calmly, points to support, and still refreshes', async () => {
    answerConfirm({ message: 'Not found', code: 'not_found' }, 404)
    const { refreshUser } = await renderSuccess('cs_bogus')
    expect(await screen.findByText(/could not confirm this payment yet/)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'contact support' })).toHaveAttribute('href', '/contact')
    expect(refreshUser).toHaveBeenCalledTimes(1)
  })

  it('calls nothing without a session id', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch')
    const { refreshUser } = await renderSuccess(undefined)
    expect(screen.getByText('Thank you for your purchase. Your credits are being added to your account.')).toBeInTheDocument()
    expect(fetchSpy).not.toHaveBeenCalled()
    expect(refreshUser).not.toHaveBeenCalled()
  })

  it('asks a signed-out visitor to sign in to see the balance', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch')
    await renderSuccess('cs_1', signedOut)
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/auth')
    expect(fetchSpy).not.toHaveBeenCalled()
  })
})
