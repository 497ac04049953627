import { html } from 'hono/html'
import type { HtmlEscapedString } from 'hono/utils/html'
import type { CheckoutSessionRow } from '../domain/payments.ts'

// The local checkout page (architecture: payments' embedded default). It is
// plainly marked TEST MODE: no card is asked for and no money moves. A paid
// session offers a test refund, which runs the same reversal as a refund at
// Stripe (docs/decisions/0262), so the path can be tried without Stripe.

const styles = `
  body { font-family: system-ui, sans-serif; background: #0b0b14; color: #f4f4f8; margin: 0; min-height: 100vh; display: grid; place-items: center; }
  main { background: #171726; border-radius: 16px; padding: 2rem; max-width: 26rem; width: calc(100% - 2rem); box-sizing: border-box; }
  .badge { display: inline-block; background: #ffb020; color: #1a1200; font-weight: 700; padding: .25rem .75rem; border-radius: 999px; letter-spacing: .05em; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: .5rem 1rem; }
  dt { color: #b8b8cc; } dd { margin: 0; font-weight: 600; }
  .actions { display: flex; gap: .75rem; margin-top: 1.5rem; flex-wrap: wrap; }
  button, a.button { font: inherit; padding: .75rem 1.25rem; border-radius: 10px; border: 1px solid #6b6bff; cursor: pointer; text-decoration: none; }
  .pay { background: #4f4fe6; color: #fff; } .cancel, .refund { background: transparent; color: #f4f4f8; }
  button:focus-visible, a:focus-visible { outline: 3px solid #ffb020; outline-offset: 2px; }
  p.note { color: #b8b8cc; font-size: .9rem; }
`

function page(title: string, body: HtmlEscapedString | Promise<HtmlEscapedString>) {
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>${title} – Actorly test checkout</title>
        <style>
          ${styles}
        </style>
      </head>
      <body>
        <main>${body}</main>
      </body>
    </html>`
}

const dollars = (cents: number): string => `$${(cents / 100).toFixed(2)}`

function refundedPage(session: CheckoutSessionRow) {
  return page(
    'Refunded',
    html`<p class="badge">TEST MODE</p>
      <h1>This checkout was refunded</h1>
      <p class="note">The ${session.credits} credits it bought were taken back, as far as they were not spent.</p>
      <div class="actions"><a class="button pay" href="/purchase">Back to plans</a></div>`,
  )
}

function paidPage(session: CheckoutSessionRow) {
  const id = encodeURIComponent(session.id)
  return page(
    'Already paid',
    html`<p class="badge">TEST MODE</p>
      <h1>This checkout is already paid</h1>
      <p class="note">
        A refund gives back ${dollars(session.amount_cents)} (no money moves here) and takes back the ${session.credits} credits, as a refund at the payment
        provider would.
      </p>
      <div class="actions">
        <a class="button pay" href="/success?session_id=${id}">Continue</a>
        <form method="post" action="/checkout/${id}/refund"><button class="refund" type="submit">Refund ${dollars(session.amount_cents)} (test)</button></form>
      </div>`,
  )
}

export function checkoutPage(session: CheckoutSessionRow) {
  const id = encodeURIComponent(session.id)
  if (session.status === 'completed') return session.refunded_cents >= session.amount_cents ? refundedPage(session) : paidPage(session)
  if (session.status === 'canceled') {
    return page(
      'Canceled',
      html`<p class="badge">TEST MODE</p>
        <h1>This checkout was canceled</h1>
        <div class="actions"><a class="button pay" href="/purchase">Back to plans</a></div>`,
    )
  }
  return page(
    'Confirm purchase',
    html`<p class="badge">TEST MODE</p>
      <h1>Confirm your purchase</h1>
      <p class="note">This is the local test checkout. No card is charged and no money moves; paying adds the credits at once.</p>
      <dl>
        <dt>Plan</dt>
        <dd>${session.tier}</dd>
        <dt>Amount</dt>
        <dd>${dollars(session.amount_cents)}</dd>
        <dt>Credits</dt>
        <dd>${session.credits}</dd>
      </dl>
      <div class="actions">
        <form method="post" action="/checkout/${id}/pay"><button class="pay" type="submit">Pay ${dollars(session.amount_cents)} (test)</button></form>
        <form method="post" action="/checkout/${id}/cancel"><button class="cancel" type="submit">Cancel</button></form>
      </div>`,
  )
}
