import { Stripe } from 'stripe'
import type { StripeConfig } from '../config.ts'

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

export interface WebhookCompletion {
  sessionId: string
  paid: boolean
}

export interface StripeGateway {
  createCheckoutSession(request: StripeCheckoutRequest): Promise<{ id: string; url: string }>
  /** true when Stripe says the session is paid. */
  isSessionPaid(sessionId: string): Promise<boolean>
  /** Verifies the signature on the raw body; null for events we do not act on. Throws on a bad signature. */
  parseWebhook(rawBody: string, signature: string): Promise<WebhookCompletion | null>
}

export function createStripeGateway(config: StripeConfig): StripeGateway {
  const base = config.apiBase
  const stripe = new Stripe(config.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...(base === null
      ? {}
      : { host: base.hostname, port: base.port || (base.protocol === 'https:' ? 443 : 80), protocol: base.protocol === 'https:' ? 'https' : 'http' }),
  })
  return {
    async createCheckoutSession(request) {
      const lineItem =
        request.priceId === null
          ? {
              price_data: {
                currency: 'usd',
                unit_amount: request.amountCents,
                product_data: { name: `${request.credits} Actorly credits` },
              },
              quantity: 1,
            }
          : { price: request.priceId, quantity: 1 }
      const session = await stripe.checkout.sessions.create({
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
    async isSessionPaid(sessionId) {
      const session = await stripe.checkout.sessions.retrieve(sessionId)
      return session.payment_status === 'paid' || session.payment_status === 'no_payment_required'
    },
    async parseWebhook(rawBody, signature) {
      const event = await stripe.webhooks.constructEventAsync(rawBody, signature, config.webhookSecret, WEBHOOK_TOLERANCE_SECONDS)
      if (event.type !== 'checkout.session.completed' && event.type !== 'checkout.session.async_payment_succeeded') return null
      const session = event.data.object
      return { sessionId: session.id, paid: session.payment_status === 'paid' || session.payment_status === 'no_payment_required' }
    },
  }
}
