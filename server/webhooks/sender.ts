import { WEBHOOK_TIMEOUT_SECONDS } from '../../contract/constants.ts'
import type { AttemptOutcome, ClaimedDelivery } from './deliveries.ts'
import { vetWebhookUrl, type WebhookTargets } from './endpoint-policy.ts'
import { webhookHeaders } from './signature.ts'

// One attempt of one delivery (docs/decisions/0405): the URL vetted again,
// the connection pinned to the checked address (server/outbound/guard.ts),
// the body signed for this attempt's time, any 2xx within the timeout is
// delivered. Redirects are not followed: a redirect could lead inside.

export interface WebhookSender {
  send(delivery: ClaimedDelivery, now: Date): Promise<AttemptOutcome>
}

const describe = (error: unknown): string => (error instanceof Error ? error.message : String(error)).slice(0, 300)

export function createWebhookSender(targets: WebhookTargets, timeoutMs = WEBHOOK_TIMEOUT_SECONDS * 1000): WebhookSender {
  return {
    async send(delivery, now) {
      const signal = AbortSignal.timeout(timeoutMs)
      const failed = (status: number | null, error: string): AttemptOutcome => ({ at: now, status, error })
      try {
        const vetting = await vetWebhookUrl(targets, delivery.url, signal)
        if (!vetting.ok) return failed(null, vetting.message)
        const response = await targets.guard.request(vetting, {
          method: 'POST',
          headers: webhookHeaders(delivery.secret, delivery.id, delivery.payload, now),
          body: delivery.payload,
          signal,
        })
        const status = response.statusCode ?? 0
        // The answer's body means nothing to us: let it go without reading it.
        response.destroy()
        if (status >= 200 && status <= 299) return { at: now, status, error: null }
        if (status >= 300 && status <= 399) return failed(status, `HTTP ${status}: redirects are not followed`)
        return failed(status, `HTTP ${status}`)
      } catch (error) {
        if (signal.aborted) return failed(null, `No answer within ${Math.round(timeoutMs / 1000)} s`)
        return failed(null, describe(error))
      }
    },
  }
}
