import type { Context } from 'hono'
import { ApiError } from '../http/errors.ts'
import { SCOPE_MARK, spendToken, type BucketRule, type RateLimitStore } from '../http/rate-limit.ts'

// Each API key has its own token bucket in the forms' table
// (docs/decisions/0223, 0404), so the limit holds across every instance. Every
// answer tells where the key stands, in the RateLimit-Policy and RateLimit
// fields of the IETF httpapi draft: the policy's quota and window, and the
// requests left with the seconds until the bucket is full again. A request
// past the limit is refused 429 with Retry-After: the seconds until one is back.

export const KEY_RATE_POLICY = 'per-key'
/** How often the table is swept of full buckets of keys (each instance). */
const SWEEP_INTERVAL_MS = 60_000

export interface KeyRateLimit {
  /** Spends one request of the key's bucket (setting the headers) or throws 429. */
  take(c: Context, keyId: string): Promise<void>
}

export function createKeyRateLimit(store: RateLimitStore, rule: BucketRule, now: () => number = Date.now): KeyRateLimit {
  const fullAfterSeconds = rule.burst * rule.refillSeconds
  let lastSweep = -Infinity
  async function forgetFull(time: number): Promise<void> {
    if (time - lastSweep < SWEEP_INTERVAL_MS) return
    lastSweep = time
    await store.db
      .deleteFrom('form_rate_limits')
      .where('client_key', 'like', `${KEY_RATE_POLICY}${SCOPE_MARK}%`)
      .where('updated_ms', '<', time - fullAfterSeconds * 1000)
      .execute()
  }
  return {
    async take(c, keyId) {
      const time = now()
      await forgetFull(time)
      const { tokens, allowed } = await spendToken(store, `${KEY_RATE_POLICY}${SCOPE_MARK}${keyId}`, rule, time)
      const remaining = Math.max(0, Math.floor(tokens))
      const untilFull = Math.max(0, Math.ceil((rule.burst - tokens) * rule.refillSeconds))
      c.header('RateLimit-Policy', `"${KEY_RATE_POLICY}";q=${rule.burst};w=${fullAfterSeconds}`)
      c.header('RateLimit', `"${KEY_RATE_POLICY}";r=${remaining};t=${untilFull}`)
      if (!allowed) {
        const retryAfter = Math.max(1, Math.ceil((1 - tokens) * rule.refillSeconds))
        c.header('Retry-After', String(retryAfter))
        throw new ApiError(429, 'rate_limited', `Too many requests with this key. Please try again in ${retryAfter} seconds.`)
      }
    },
  }
}
