import { z } from 'zod'
import { CUSTOM_AMOUNT_MAX, CUSTOM_AMOUNT_MIN } from './constants.ts'
import { emailSchema } from './users.ts'

// spec §3 checkout request (user, customAmount, priceId) and §7
// POST /api/payment/v1/create-checkout-session.

/** spec §5: custom amount, $20 to $200, re-checked on the server. Whole cents only. */
export const customAmountSchema = z.coerce
  .number({ message: 'Please enter a valid number' })
  .refine(Number.isFinite, 'Please enter a valid number')
  .refine((dollars) => dollars >= CUSTOM_AMOUNT_MIN, `Minimum amount is $${CUSTOM_AMOUNT_MIN}`)
  .refine((dollars) => dollars <= CUSTOM_AMOUNT_MAX, `Maximum amount is $${CUSTOM_AMOUNT_MAX}`)
  .refine((dollars) => Math.abs(dollars * 100 - Math.round(dollars * 100)) < 1e-6, 'Use whole cents')

/**
 * Named tiers send `priceId` (the tier name — 'starter', 'creator',
 * 'enterprise' — or its configured Stripe price id); the custom tier sends
 * `customAmount` in dollars.
 */
export const createCheckoutRequestSchema = z
  .object({
    user: emailSchema,
    priceId: z.string().trim().min(1).max(200).optional().nullable(),
    customAmount: customAmountSchema.optional().nullable(),
  })
  .refine((body) => (body.priceId ?? null) !== null || (body.customAmount ?? null) !== null, {
    message: 'Choose a plan (priceId) or a custom amount (customAmount)',
    path: ['priceId'],
  })
export type CreateCheckoutRequest = z.input<typeof createCheckoutRequestSchema>

/** `id` as the spec says, plus the checkout page to redirect to (Stripe's, or the local test-mode page). */
export const createCheckoutResponseSchema = z.object({ id: z.string(), url: z.string() })
export type CreateCheckoutResponse = z.infer<typeof createCheckoutResponseSchema>

/** POST /api/payment/v1/confirm: the success page confirms its session (docs/api.md). */
export const confirmCheckoutRequestSchema = z.object({ session_id: z.string().trim().min(1).max(300) })
export const checkoutStatusSchema = z.object({
  id: z.string(),
  status: z.enum(['open', 'completed', 'canceled']),
  credits: z.number(),
})
export type CheckoutStatusResponse = z.infer<typeof checkoutStatusSchema>
