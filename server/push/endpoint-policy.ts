import type { OutboundGuard, PinnedAddress } from '../outbound/guard.ts'

// Where the server may send a push message (docs/decisions/0283). A device's
// endpoint is a URL its browser's push service made, but the server only
// hears it from the client, so it is a URL a user chose: it must be https on
// one of the configured push services' hosts (PUSH_ENDPOINT_HOSTS), and then
// pass the outbound guard (server/outbound/guard.ts): every address the host
// resolves to public, the connection made to the checked one. Checked when a
// device subscribes and again before every message (DNS may have changed).

export type EndpointCheck =
  | { ok: true; vetted: { url: URL; pinned: PinnedAddress } }
  | {
      ok: false
      /** host_not_allowed: not a configured push service; address_not_allowed: the guard refused it; unresolvable: no address now. */
      reason: 'host_not_allowed' | 'address_not_allowed' | 'unresolvable'
      message: string
    }

export interface PushEndpointPolicy {
  check(endpoint: string, signal?: AbortSignal): Promise<EndpointCheck>
}

/** Whether a URL's host (as the URL parser writes it) is one of the patterns: exact, or any name below a `*.` domain. */
export function hostAllowed(hostname: string, patterns: readonly string[]): boolean {
  return patterns.some((pattern) =>
    pattern.startsWith('*.') ? hostname.endsWith(pattern.slice(1)) && hostname.length > pattern.length - 1 : hostname === pattern,
  )
}

export function createPushEndpointPolicy(options: { hosts: readonly string[]; guard: OutboundGuard }): PushEndpointPolicy {
  return {
    async check(endpoint, signal) {
      let url: URL
      try {
        url = new URL(endpoint)
      } catch {
        return { ok: false, reason: 'host_not_allowed', message: 'The push endpoint is not a URL' }
      }
      if (url.protocol !== 'https:' || !hostAllowed(url.hostname, options.hosts))
        return { ok: false, reason: 'host_not_allowed', message: `Push messages are sent only to the browsers' push services, not to ${url.host}` }
      let vetted
      try {
        vetted = await options.guard.vet(url, { protocols: ['https:'], ...(signal === undefined ? {} : { signal }) })
      } catch {
        // The lookup outlasted the caller's deadline.
        return { ok: false, reason: 'unresolvable', message: `The host ${url.hostname} did not resolve in time` }
      }
      if (vetted.ok) return { ok: true, vetted }
      return { ok: false, reason: vetted.problem === 'unresolvable' ? 'unresolvable' : 'address_not_allowed', message: vetted.message }
    },
  }
}
