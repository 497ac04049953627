import { isHTTPError } from 'ky'
import { apiErrorCodeOf } from '@/api/api-error-code'
import { api } from '@/api/http'
import type { ApiErrorCode } from '@contract/errors'
import { type CreateCheckoutRequest, createCheckoutResponseSchema } from '@contract/payments'
import type { NamedTier } from '@contract/constants'

/** What is being bought: a named tier, or a custom amount in dollars. */
export type Purchase = { tier: NamedTier } | { tier: 'custom'; dollars: number }

/**
 * spec §3 checkout request: `user` (email), `priceId` for a named tier (the
 * tier name; the server maps it to its Stripe price), `customAmount` only for
 * the custom tier.
 */
export function checkoutRequest(email: string, purchase: Purchase): CreateCheckoutRequest {
  return purchase.tier === 'custom' ? { user: email, customAmount: purchase.dollars } : { user: email, priceId: purchase.tier }
}

/** A refusal carries the server's code (translated on screen, decision 0253); no answer has none. */
export type CheckoutResult = { ok: true; url: string } | { ok: false; code: ApiErrorCode | null }

/**
 * spec §7 POST /api/payment/v1/create-checkout-session → `{ id, url }`
 * (docs/api.md: `url` is Stripe's hosted checkout or the server's local one).
 * Never throws: a refusal carries the server's code (spec §8 Checkout: its message).
 */
export async function createCheckoutSession(email: string, purchase: Purchase): Promise<CheckoutResult> {
  try {
    const data: unknown = await api.post('api/payment/v1/create-checkout-session', { json: checkoutRequest(email, purchase) }).json()
    const parsed = createCheckoutResponseSchema.safeParse(data)
    return parsed.success ? { ok: true, url: parsed.data.url } : { ok: false, code: null }
  } catch (error) {
    return { ok: false, code: isHTTPError(error) ? apiErrorCodeOf(error.data) : null }
  }
}
