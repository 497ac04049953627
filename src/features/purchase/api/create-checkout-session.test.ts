import { describe, expect, it } from 'vitest'
import { createCheckoutRequestSchema } from '@contract/payments'
import { checkoutRequest } from './create-checkout-session'

describe('checkoutRequest (spec §3 checkout request)', () => {
  it('sends the tier as priceId for a named tier, no customAmount', () => {
    expect(checkoutRequest('ada@example.com', { tier: 'creator' })).toEqual({ user: 'ada@example.com', priceId: 'creator' })
  })

  it('sends customAmount only for the custom tier, no priceId', () => {
    expect(checkoutRequest('ada@example.com', { tier: 'custom', dollars: 42.5 })).toEqual({ user: 'ada@example.com', customAmount: 42.5 })
  })

  it('matches the shared contract the server validates with', () => {
    expect(createCheckoutRequestSchema.safeParse(checkoutRequest('ada@example.com', { tier: 'starter' })).success).toBe(true)
    expect(createCheckoutRequestSchema.safeParse(checkoutRequest('ada@example.com', { tier: 'custom', dollars: 20 })).success).toBe(true)
  })
})
