import { WEBHOOK_URL_MAX_LENGTH } from '../../contract/constants.ts'
import { createOutboundGuard, type OutboundGuard, type OutboundPolicy, type Vetting } from '../outbound/guard.ts'

// Where webhooks may go (docs/decisions/0408): like every URL a user chooses,
// through the one outbound guard (server/outbound/guard.ts): no credentials,
// only public addresses, the connection pinned to the address checked. https
// only in production. A URL is checked when it is registered and again before
// every attempt (its name may point elsewhere by then).

export interface WebhookTargets {
  guard: OutboundGuard
  protocols: readonly string[]
}

/**
 * The targets as configured: http and this machine's loopback only outside
 * production (server/config/developer-api.ts). Tests may add a DNS of their own.
 */
export function webhookTargets(options: { allowHttp: boolean; allowLoopback: boolean }, testPolicy: Pick<OutboundPolicy, 'resolveHost'> = {}): WebhookTargets {
  return {
    guard: createOutboundGuard({ ...testPolicy, ...(options.allowLoopback ? { trustedTestAddresses: ['127.0.0.1', '::1'] } : {}) }),
    protocols: options.allowHttp ? ['https:', 'http:'] : ['https:'],
  }
}

export async function vetWebhookUrl(targets: WebhookTargets, url: string, signal?: AbortSignal): Promise<Vetting> {
  if (url.length > WEBHOOK_URL_MAX_LENGTH) return { ok: false, problem: 'not_allowed', message: 'The URL is too long' }
  return targets.guard.vet(url, { protocols: targets.protocols, ...(signal === undefined ? {} : { signal }) })
}
