import type { Stripe } from 'stripe'
import type { StripeConfig } from '../config.ts'
import type { DisputeStatus } from '../db/schema-privacy.ts'
import { CHECKOUT_CURRENCY } from './payments.ts'

// Stripe hosted Checkout and its signed webhook (architecture: payments'
// production twin). apiBase points the SDK at a local fake in contract tests.

/** spec-silent: how old a webhook signature may be (Stripe's own default). */
const WEBHOOK_TOLERANCE_SECONDS = 300

export interface StripeCheckoutRequest {
  userId: string
  email: string
  amountCents: number
  credits: number
  /** Stripe price id for named tiers; null for a custom amount (inline price). */
  priceId: string | null
  successUrl: string
  cancelUrl: string
}

/** What Stripe says about a session's payment: whether it is paid, and what it charged. */
export interface SessionPayment {
  sessionId: string
  paid: boolean
  /** Smallest currency unit (cents); null when Stripe did not say. */
  amountTotal: number | null
  /** Lower-case ISO code, e.g. usd; null when Stripe did not say. */
  currency: string | null
  /** The payment intent that later refunds and disputes name; null until paid. */
  paymentIntentId: string | null
}

/** The webhook events we act on (docs/api.md): fulfilment, expiry, refunds and disputes. */
export type PaymentEvent =
  | { type: 'checkout_paid'; payment: SessionPayment }
  | { type: 'checkout_expired'; sessionId: string }
  | { type: 'charge_refunded'; eventId: string; paymentIntentId: string | null; chargedCents: number; refundedCents: number }
  | { type: 'dispute'; eventId: string; disputeId: string; paymentIntentId: string | null; amountCents: number; status: DisputeStatus }

export interface StripeGateway {
  createCheckoutSession(request: StripeCheckoutRequest): Promise<{ id: string; url: string }>
  /** Stripe's view of the session's payment. */
  sessionPayment(sessionId: string): Promise<SessionPayment>
  /** Verifies the signature on the raw body; null for events we do not act on. Throws on a bad signature. */
  parseWebhook(rawBody: string, signature: string): Promise<PaymentEvent | null>
  /** The checkout session Stripe made a payment intent for, or null (another integration's payment). */
  sessionIdForPaymentIntent(paymentIntentId: string): Promise<string | null>
}

const idOf = (value: string | { id: string } | null): string | null => (value === null ? null : typeof value === 'string' ? value : value.id)

function paymentOf(session: Stripe.Checkout.Session): SessionPayment {
  return {
    sessionId: session.id,
    paid: session.payment_status === 'paid' || session.payment_status === 'no_payment_required',
    amountTotal: typeof session.amount_total === 'number' ? session.amount_total : null,
    currency: typeof session.currency === 'string' ? session.currency.toLowerCase() : null,
    paymentIntentId: idOf(session.payment_intent ?? null),
  }
}

/**
 * A dispute holds the credits until Stripe closes it; only a lost one keeps
 * them (docs/decisions/0262). An inquiry closed without a chargeback
 * (warning_closed) or a prevented one gives them back.
 */
function disputeStatusOf(event: 'created' | 'closed', dispute: Stripe.Dispute): DisputeStatus {
  if (event === 'created') return 'open'
  if (dispute.status === 'won') return 'won'
  if (dispute.status === 'lost') return 'lost'
  return 'closed'
}

function eventOf(event: Stripe.Event): PaymentEvent | null {
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
      return { type: 'checkout_paid', payment: paymentOf(event.data.object) }
    case 'checkout.session.expired':
      return { type: 'checkout_expired', sessionId: event.data.object.id }
    case 'charge.refunded': {
      const charge = event.data.object
      return {
        type: 'charge_refunded',
        eventId: event.id,
        paymentIntentId: idOf(charge.payment_intent),
        chargedCents: charge.amount,
        refundedCents: charge.amount_refunded,
      }
    }
    case 'charge.dispute.created':
    case 'charge.dispute.closed': {
      const dispute = event.data.object
      const status = disputeStatusOf(event.type === 'charge.dispute.created' ? 'created' : 'closed', dispute)
      return { type: 'dispute', eventId: event.id, disputeId: dispute.id, paymentIntentId: idOf(dispute.payment_intent), amountCents: dispute.amount, status }
    }
    default:
      return null
  }
}

export function createStripeGateway(config: StripeConfig): StripeGateway {
  const base = config.apiBase
  // The SDK loads with the first payment call, not at boot (docs/decisions/0206).
  let client: Promise<Stripe> | undefined
  const connect = async () => {
    const { Stripe: StripeClient } = await import('stripe')
    return new StripeClient(config.secretKey, {
      maxNetworkRetries: 2,
      timeout: 20_000,
      telemetry: false,
      ...(base === null
        ? {}
        : { host: base.hostname, port: base.port || (base.protocol === 'https:' ? 443 : 80), protocol: base.protocol === 'https:' ? 'https' : 'http' }),
    })
  }
  const stripeSdk = () => (client ??= connect())
  return {
    async createCheckoutSession(request) {
      const lineItem =
        request.priceId === null
          ? {
              price_data: {
                currency: CHECKOUT_CURRENCY,
                unit_amount: request.amountCents,
                product_data: { name: `${request.credits} Actorly credits` },
              },
              quantity: 1,
            }
          : { price: request.priceId, quantity: 1 }
      const session = await (
        await stripeSdk()
      ).checkout.sessions.create({
        mode: 'payment',
        line_items: [lineItem],
        customer_email: request.email,
        client_reference_id: request.userId,
        metadata: { userId: request.userId, credits: String(request.credits) },
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
      })
      if (session.url === null) throw new Error('Stripe returned a checkout session without a URL')
      return { id: session.id, url: session.url }
    },
    async sessionPayment(sessionId) {
      return paymentOf(await (await stripeSdk()).checkout.sessions.retrieve(sessionId))
    },
    async parseWebhook(rawBody, signature) {
      return eventOf(await (await stripeSdk()).webhooks.constructEventAsync(rawBody, signature, config.webhookSecret, WEBHOOK_TOLERANCE_SECONDS))
    },
    async sessionIdForPaymentIntent(paymentIntentId) {
      const found = await (await stripeSdk()).checkout.sessions.list({ payment_intent: paymentIntentId, limit: 1 })
      return found.data[0]?.id ?? null
    },
  }
}
