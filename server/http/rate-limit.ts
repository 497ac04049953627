import { getConnInfo } from '@hono/node-server/conninfo'
import type { Context } from 'hono'
import { ApiError } from './errors.ts'

// Anonymous forms (contact, bug report, user save) are limited per client IP
// with a token bucket held in this process's memory (quality.md security).
// One instance is enough for one machine; behind several instances each keeps
// its own buckets (docs/decisions/0064).

export interface RateLimiterOptions {
  /** Requests allowed at once. */
  burst: number
  /** Seconds to earn one request back. */
  refillSeconds: number
  /** Read the client IP from X-Forwarded-For (only behind a trusted proxy). */
  trustProxy: boolean
  now?: () => number
}

export interface RateLimiter {
  /** Spends one token for the caller's IP or throws a 429 ApiError. */
  take(c: Context): void
}

const MAX_TRACKED_CLIENTS = 10_000

export function clientIp(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim()
    if (forwarded) return forwarded
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown'
  } catch {
    // app.request() in tests has no socket.
    return 'unknown'
  }
}

export function createRateLimiter(options: RateLimiterOptions): RateLimiter {
  const now = options.now ?? Date.now
  const buckets = new Map<string, { tokens: number; updatedAt: number }>()
  const refillPerMs = 1 / (options.refillSeconds * 1000)
  return {
    take(c) {
      const ip = clientIp(c, options.trustProxy)
      const time = now()
      const previous = buckets.get(ip) ?? { tokens: options.burst, updatedAt: time }
      const tokens = Math.min(options.burst, previous.tokens + (time - previous.updatedAt) * refillPerMs)
      if (tokens < 1) {
        buckets.set(ip, { tokens, updatedAt: time })
        const retryAfter = Math.ceil((1 - tokens) / refillPerMs / 1000)
        c.header('Retry-After', String(retryAfter))
        throw new ApiError(429, 'rate_limited', `Too many requests. Please try again in ${retryAfter} seconds.`)
      }
      // Forget the oldest client when the map is full, so memory stays bounded.
      if (buckets.size >= MAX_TRACKED_CLIENTS && !buckets.has(ip)) {
        const oldest = buckets.keys().next().value
        if (oldest !== undefined) buckets.delete(oldest)
      }
      buckets.delete(ip)
      buckets.set(ip, { tokens: tokens - 1, updatedAt: time })
    },
  }
}
