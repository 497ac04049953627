import type { Stripe } from 'stripe'
import type { StripeConfig } from '../config.ts'
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
}
export type WebhookCompletion = SessionPayment

export interface StripeGateway {
  createCheckoutSession(request: StripeCheckoutRequest): Promise<{ id: string; url: string }>
  /** Stripe's view of the session's payment. */
  sessionPayment(sessionId: string): Promise<SessionPayment>
  /** Verifies the signature on the raw body; null for events we do not act on. Throws on a bad signature. */
  parseWebhook(rawBody: string, signature: string): Promise<WebhookCompletion | null>
}

function paymentOf(session: Stripe.Checkout.Session): SessionPayment {
  return {
    sessionId: session.id,
    paid: session.payment_status === 'paid' || session.payment_status === 'no_payment_required',
    amountTotal: typeof session.amount_total === 'number' ? session.amount_total : null,
    currency: typeof session.currency === 'string' ? session.currency.toLowerCase() : null,
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
      const session = await (await stripeSdk()).checkout.sessions.create({
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
      const event = await (await stripeSdk()).webhooks.constructEventAsync(rawBody, signature, config.webhookSecret, WEBHOOK_TOLERANCE_SECONDS)
      if (event.type !== 'checkout.session.completed' && event.type !== 'checkout.session.async_payment_succeeded') return null
      return paymentOf(event.data.object)
    },
  }
}
