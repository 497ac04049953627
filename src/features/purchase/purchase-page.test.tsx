import { act, fireEvent, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { renderInRouter, signedIn, signedOut } from '@/app/testing/render-in-router'
import { leaveForCheckout } from './leave-for-checkout'
import { PurchasePage } from './purchase-page'

vi.mock('./leave-for-checkout', () => ({ leaveForCheckout: vi.fn<(url: string) => void>() }))

interface Sent {
  url: string
  body: unknown
}

/** Answers the checkout call with `reply` and records what was sent. */
function answerCheckout(reply: unknown, status = 200) {
  const sent: Sent[] = []
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = new Request(input instanceof Request ? input.clone() : String(input), init)
    sent.push({ url: new URL(request.url).pathname, body: await request.json() })
    return Response.json(reply, { status })
  })
  return sent
}

const checkoutButton = () => screen.getByRole('button', { name: 'Continue to checkout' })
const amountField = () => screen.getByLabelText('Custom amount (USD)')
const summaryValue = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent

async function renderPage(session = signedIn(5)) {
  await renderInRouter(<PurchasePage />, { path: '/purchase', session })
}

afterEach(() => {
  vi.useRealTimers()
  vi.mocked(leaveForCheckout).mockReset()
})

describe('PurchasePage tiers (spec §2, §4, §9)', () => {
  it('starts on starter and sums up the chosen tier', async () => {
    await renderPage()
    expect(screen.getByRole('radio', { name: /Starter/ })).toBeChecked()
    expect(summaryValue('Credits')).toBe('11')
    expect(summaryValue('Price')).toBe('$20')
    fireEvent.click(screen.getByRole('radio', { name: /Creator/ }))
    expect(summaryValue('Plan')).toBe('Creator')
    expect(summaryValue('Credits')).toBe('20')
    fireEvent.click(screen.getByRole('radio', { name: /Enterprise/ }))
    expect(summaryValue('Credits')).toBe('31')
    expect(summaryValue('Price')).toBe('$55')
  })

  it('asks visitors to sign in instead of offering checkout (spec §6)', async () => {
    await renderPage(signedOut)
    expect(screen.getByText('Please sign in to purchase credits.')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/auth')
    expect(screen.queryByRole('button', { name: 'Continue to checkout' })).not.toBeInTheDocument()
    expect(screen.getByRole('radio', { name: /Starter/ })).toBeInTheDocument()
  })
})

describe('PurchasePage custom amount (spec §5)', () => {
  beforeEach(async () => {
    await renderPage()
    fireEvent.click(screen.getByRole('radio', { name: /Custom/ }))
    vi.useFakeTimers()
  })

  it('defaults to 20 and checks what was typed only after a 500 ms pause', () => {
    expect(amountField()).toHaveValue('20')
    fireEvent.change(amountField(), { target: { value: '19' } })
    act(() => vi.advanceTimersByTime(499))
    expect(screen.queryByText('Minimum amount is $20')).not.toBeInTheDocument()
    expect(checkoutButton()).toBeEnabled()
    act(() => vi.advanceTimersByTime(1))
    expect(screen.getByText('Minimum amount is $20')).toBeInTheDocument()
    expect(amountField()).toHaveAttribute('aria-invalid', 'true')
    expect(amountField()).toHaveAccessibleDescription(expect.stringContaining('Minimum amount is $20'))
    expect(checkoutButton()).toBeDisabled()
  })

  it('restarts the pause on every change', () => {
    fireEvent.change(amountField(), { target: { value: '2' } })
    act(() => vi.advanceTimersByTime(400))
    fireEvent.change(amountField(), { target: { value: '25' } })
    act(() => vi.advanceTimersByTime(400))
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    act(() => vi.advanceTimersByTime(100))
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    expect(summaryValue('Credits')).toBe('14')
  })

  it.each([
    ['201', 'Maximum amount is $200'],
    ['abc', 'Please enter a valid number'],
    ['', 'Please enter a valid number'],
  ])('says %j is refused: %s, and blocks checkout until fixed', (typed, message) => {
    fireEvent.change(amountField(), { target: { value: typed } })
    act(() => vi.advanceTimersByTime(500))
    expect(screen.getByRole('alert')).toHaveTextContent(message)
    expect(checkoutButton()).toBeDisabled()
    fireEvent.change(amountField(), { target: { value: '150' } })
    act(() => vi.advanceTimersByTime(500))
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    expect(checkoutButton()).toBeEnabled()
  })

  it('blocks a checkout pressed before the pause ended and shows why at once', () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch')
    fireEvent.change(amountField(), { target: { value: '19' } })
    fireEvent.click(checkoutButton())
    expect(screen.getByRole('alert')).toHaveTextContent('Minimum amount is $20')
    expect(fetchSpy).not.toHaveBeenCalled()
  })
})

describe('PurchasePage checkout (spec §3, §4, §8)', () => {
  it('sends the named tier as priceId, says Processing... and goes to the checkout url', async () => {
    const sent = answerCheckout({ id: 'cs_1', url: '/checkout/cs_1' })
    await renderPage()
    fireEvent.click(screen.getByRole('radio', { name: /Creator/ }))
    fireEvent.click(checkoutButton())
    expect(screen.getByRole('button', { name: 'Processing...' })).toBeDisabled()
    await vi.waitFor(() => expect(leaveForCheckout).toHaveBeenCalledWith('/checkout/cs_1'))
    expect(sent).toEqual([{ url: '/api/payment/v1/create-checkout-session', body: { user: 'ada@example.com', priceId: 'creator' } }])
    expect(screen.getByRole('button', { name: 'Processing...' })).toBeDisabled()
  })

  it('sends only customAmount for the custom tier', async () => {
    const sent = answerCheckout({ id: 'cs_2', url: 'https://checkout.stripe.com/c/pay/cs_2' })
    await renderPage()
    fireEvent.click(screen.getByRole('radio', { name: /Custom/ }))
    fireEvent.change(amountField(), { target: { value: '42.50' } })
    fireEvent.click(checkoutButton())
    await vi.waitFor(() => expect(leaveForCheckout).toHaveBeenCalledWith('https://checkout.stripe.com/c/pay/cs_2'))
    expect(sent[0]?.body).toEqual({ user: 'ada@example.com', customAmount: 42.5 })
  })

  it("says why checkout was refused by the server's code, not its English message, and lets the buyer try again", async () => {
    answerCheckout({ message: 'Payments are paused', code: 'payment_provider_error' }, 502)
    await renderPage()
    fireEvent.click(checkoutButton())
    expect(await screen.findByText('The payment service could not be reached. Please try again later.')).toHaveClass('form-error')
    expect(screen.queryByText(/Payments are paused/)).toBeNull()
    expect(checkoutButton()).toBeEnabled()
    expect(leaveForCheckout).not.toHaveBeenCalled()
  })

  it('words a refusal in German for a German buyer (decision 0253)', async () => {
    answerCheckout({ message: 'Unknown price', code: 'unknown_price' }, 400)
    await renderInRouter(<PurchasePage />, { path: '/purchase', session: signedIn(5), locale: 'de', areas: ['purchase'] })
    fireEvent.click(screen.getByRole('button', { name: 'Weiter zur Kasse' }))
    expect(await screen.findByText('Dieser Tarif kann gerade nicht gekauft werden. Bitte wähle einen anderen.')).toHaveClass('form-error')
  })

  it('falls back to the general message when the call fails without one', async () => {
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'))
    await renderPage()
    fireEvent.click(checkoutButton())
    expect(await screen.findByText('Failed to create checkout session')).toHaveClass('form-error')
  })
})
