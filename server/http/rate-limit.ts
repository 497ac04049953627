import { isIP } from 'node:net'
import { getConnInfo } from '@hono/node-server/conninfo'
import type { Context } from 'hono'
import { ApiError } from './errors.ts'

// Anonymous forms (contact, bug report, user save) are limited per client IP
// with a token bucket held in this process's memory (quality.md security).
// One instance is enough for one machine; behind several instances each keeps
// its own buckets (docs/decisions/0064, 0066).

export interface RateLimiterOptions {
  /** Requests allowed at once. */
  burst: number
  /** Seconds to earn one request back. */
  refillSeconds: number
  /** Read the client IP from X-Forwarded-For (only behind a trusted proxy). */
  trustProxy: boolean
  /** Proxies of ours that each append to X-Forwarded-For (default 1: the rightmost entry is the client). */
  trustedProxyHops?: number
  /** Clients remembered at once (default 10 000). */
  maxTrackedClients?: number
  now?: () => number
}

export interface RateLimiter {
  /** Spends one token for the caller's IP or throws a 429 ApiError. */
  take(c: Context): void
}

const MAX_TRACKED_CLIENTS = 10_000
const SWEEP_INTERVAL_MS = 1000

/**
 * The caller's address. Behind our proxy only the entries it appended can be
 * trusted: a client can write anything to the left of them, so the client is
 * the entry `trustedProxyHops` from the right.
 */
export function clientIp(c: Context, trustProxy: boolean, trustedProxyHops = 1): string {
  if (trustProxy) {
    const entries = (c.req.header('x-forwarded-for') ?? '').split(',').map((entry) => entry.trim())
    const forwarded = entries.length >= trustedProxyHops ? entries[entries.length - trustedProxyHops] : undefined
    if (forwarded) return forwarded
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown'
  } catch {
    // app.request() in tests has no socket.
    return 'unknown'
  }
}

/** One bucket per IPv4 address and per IPv6 /64 (one host usually holds a whole /64). */
export function clientKey(ip: string): string {
  const address = ip.split('%')[0] ?? ip
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)
  if (mapped?.[1] !== undefined) return mapped[1]
  if (isIP(address) !== 6) return address
  const [head = '', tail = ''] = address.split('::')
  const headGroups = head === '' ? [] : head.split(':')
  const tailGroups = tail === '' ? [] : tail.split(':')
  const groups = [...headGroups, ...Array<string>(Math.max(0, 8 - headGroups.length - tailGroups.length)).fill('0'), ...tailGroups]
  return `${groups.slice(0, 4).map((group) => Number.parseInt(group, 16).toString(16)).join(':')}::/64`
}

interface Bucket {
  tokens: number
  updatedAt: number
}

export function createRateLimiter(options: RateLimiterOptions): RateLimiter {
  const now = options.now ?? Date.now
  const maxTracked = options.maxTrackedClients ?? MAX_TRACKED_CLIENTS
  const buckets = new Map<string, Bucket>()
  // Newcomers that find the map full of clients still being limited share one
  // bucket, so a flood of fresh addresses throttles itself instead of pushing
  // limited clients out (which would hand them a full bucket again).
  let overflow: Bucket = { tokens: options.burst, updatedAt: now() }
  const refillPerMs = 1 / (options.refillSeconds * 1000)
  const refilled = (bucket: Bucket, time: number): number => Math.min(options.burst, bucket.tokens + (time - bucket.updatedAt) * refillPerMs)

  let lastSweep = -Infinity
  /** A full bucket is the same as none: forgetting it loses nothing. At most once a second, so a flood cannot make every request scan the map. */
  function forgetRefilled(time: number): void {
    if (time - lastSweep < SWEEP_INTERVAL_MS) return
    lastSweep = time
    for (const [key, bucket] of buckets) if (refilled(bucket, time) >= options.burst) buckets.delete(key)
  }

  return {
    take(c) {
      const key = clientKey(clientIp(c, options.trustProxy, options.trustedProxyHops))
      const time = now()
      if (!buckets.has(key) && buckets.size >= maxTracked) forgetRefilled(time)
      const tracked = buckets.has(key) || buckets.size < maxTracked
      const previous = (tracked ? buckets.get(key) : overflow) ?? { tokens: options.burst, updatedAt: time }
      const tokens = refilled(previous, time)
      const spent = tokens < 1 ? tokens : tokens - 1
      if (tracked) buckets.set(key, { tokens: spent, updatedAt: time })
      else overflow = { tokens: spent, updatedAt: time }
      if (tokens < 1) {
        const retryAfter = Math.ceil((1 - tokens) / refillPerMs / 1000)
        c.header('Retry-After', String(retryAfter))
        throw new ApiError(429, 'rate_limited', `Too many requests. Please try again in ${retryAfter} seconds.`)
      }
    },
  }
}
