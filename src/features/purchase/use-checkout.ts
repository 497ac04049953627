import { useCallback, useEffect, useRef, useState } from 'react'
import type { ApiErrorCode } from '@contract/errors'
import type { CheckoutResult, Purchase } from './api/create-checkout-session'
import { leaveForCheckout } from './leave-for-checkout'

/** The call, with the HTTP client and the contract's schema, loads with the first purchase, not with the plans (docs/decisions/0203). */
async function checkout(email: string, purchase: Purchase): Promise<CheckoutResult> {
  try {
    const { createCheckoutSession } = await import('./api/create-checkout-session')
    return await createCheckoutSession(email, purchase)
  } catch {
    // The code could not be loaded (offline): nothing was sent.
    return { ok: false, code: null }
  }
}

export type CheckoutState =
  | { status: 'idle' }
  /** spec §4 Purchase "checkout loading": also kept while the browser leaves for the checkout page. */
  | { status: 'processing' }
  /** spec §8 Checkout: why the server refused (its code), or null for the general message. */
  | { status: 'failed'; code: ApiErrorCode | null }

/**
 * spec §4 Purchase: checkout idle or loading; on success the browser goes to
 * the provider's hosted checkout. A second press while one runs is ignored.
 */
export function useCheckout() {
  const [state, setState] = useState<CheckoutState>({ status: 'idle' })
  const running = useRef(false)

  // Back from the checkout page, the browser may restore this page as it was
  // left (back/forward cache): still "Processing...". Let the buyer press again.
  useEffect(() => {
    const restored = (event: PageTransitionEvent) => {
      if (!event.persisted) return
      running.current = false
      setState({ status: 'idle' })
    }
    window.addEventListener('pageshow', restored)
    return () => window.removeEventListener('pageshow', restored)
  }, [])

  const start = useCallback(async (email: string, purchase: Purchase) => {
    if (running.current) return
    running.current = true
    setState({ status: 'processing' })
    const result = await checkout(email, purchase)
    if (result.ok) {
      leaveForCheckout(result.url)
      return
    }
    running.current = false
    setState({ status: 'failed', code: result.code })
  }, [])

  const clearFailure = useCallback(() => setState((now) => (now.status === 'failed' ? { status: 'idle' } : now)), [])

  return { state, start, clearFailure, processing: state.status === 'processing' }
}
