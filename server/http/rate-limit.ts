import { isIP } from 'node:net'
import { getConnInfo } from '@hono/node-server/conninfo'
import type { Context } from 'hono'
import { sql, type Kysely } from 'kysely'
import type { Database, SqlDialectName } from '../db/schema.ts'
import { ApiError } from './errors.ts'

// The forms (contact, bug report, user save) are limited with token buckets
// kept in the database, so the limit holds however many API instances answer:
// per client IP for visitors (docs/decisions/0064, 0066, 0223), per account for
// someone signed in (docs/decisions/0271). Other limits share the table under
// their own scope, apart from the forms' buckets (the push subscribe call, per
// account: docs/decisions/0283; the developer API, per key: docs/decisions/0404).

export interface RateLimiterOptions {
  /** Requests allowed at once. */
  burst: number
  /** Seconds to earn one request back. */
  refillSeconds: number
  /** Read the client IP from X-Forwarded-For (only behind a trusted proxy). */
  trustProxy: boolean
  /** Proxies of ours that each append to X-Forwarded-For (default 1: the rightmost entry is the client). */
  trustedProxyHops?: number
  /**
   * This limiter's own buckets, apart from every other limiter's (lower-case
   * letters and hyphens). Unset: the forms' buckets, keyed by the bare client
   * address or `user:<id>` as ever.
   */
  scope?: string
  now?: () => number
}

export interface RateLimiter {
  /** Spends one token for the caller's IP or throws a 429 ApiError. */
  take(c: Context): Promise<void>
  /** The same for a signed-in account's own bucket (`user:<id>`), wherever it calls from. */
  takeForUser(c: Context, userId: string): Promise<void>
}

/** Separates a scope from its key; never part of a client address or a user key. */
export const SCOPE_MARK = '#'

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
  return `${groups
    .slice(0, 4)
    .map((group) => Number.parseInt(group, 16).toString(16))
    .join(':')}::/64`
}

/** Room every instance shares: the buckets live in the database, one row per client. */
export interface RateLimitStore {
  db: Kysely<Database>
  dialect: SqlDialectName
}

/** How often one instance forgets refilled buckets. */
const SWEEP_INTERVAL_MS = 60_000

/** A bucket's size and pace. */
export interface BucketRule {
  burst: number
  refillSeconds: number
}

/**
 * Refills and spends one token of the bucket `key` in one statement, so
 * concurrent requests on any number of instances each see the bucket the
 * previous one left (the row is locked for the update on PostgreSQL; SQLite
 * has one writer). Answers the tokens left and whether this one was allowed.
 */
export async function spendToken(store: RateLimitStore, key: string, rule: BucketRule, time: number): Promise<{ tokens: number; allowed: boolean }> {
  const least = store.dialect === 'postgres' ? sql.raw('least') : sql.raw('min')
  const greatest = store.dialect === 'postgres' ? sql.raw('greatest') : sql.raw('max')
  const refillPerMs = 1 / (rule.refillSeconds * 1000)
  const burst = sql`cast(${rule.burst} as double precision)`
  const at = sql`cast(${time} as double precision)`
  const refilled = sql`${least}(${burst}, form_rate_limits.tokens + ${greatest}(0, ${at} - form_rate_limits.updated_ms) * ${sql`cast(${refillPerMs} as double precision)`})`
  const result = await sql<{ tokens: number; allowed: number }>`
    insert into form_rate_limits (client_key, tokens, updated_ms, allowed)
    values (${key}, ${burst} - 1, ${at}, 1)
    on conflict (client_key) do update set
      tokens = case when ${refilled} >= 1 then ${refilled} - 1 else ${refilled} end,
      updated_ms = ${at},
      allowed = case when ${refilled} >= 1 then 1 else 0 end
    returning tokens, allowed`.execute(store.db)
  const row = result.rows[0]
  if (row === undefined) throw new Error('the rate limit row was not written')
  return { tokens: Number(row.tokens), allowed: Number(row.allowed) === 1 }
}

export function createRateLimiter(options: RateLimiterOptions & RateLimitStore): RateLimiter {
  const { db } = options
  const now = options.now ?? Date.now
  const refillPerMs = 1 / (options.refillSeconds * 1000)
  const scope = options.scope ?? null
  if (scope !== null && !/^[a-z-]+$/.test(scope)) throw new Error(`A rate limit scope is lower-case letters and hyphens, not "${scope}"`)
  let lastSweep = -Infinity

  /** A full bucket is the same as none: forgetting it loses nothing and keeps the table small. */
  async function forgetRefilled(time: number): Promise<void> {
    if (time - lastSweep < SWEEP_INTERVAL_MS) return
    lastSweep = time
    // Each limiter forgets only its own buckets: another's may refill more slowly.
    await db
      .deleteFrom('form_rate_limits')
      .where('updated_ms', '<', time - options.burst * options.refillSeconds * 1000)
      .where('client_key', scope === null ? 'not like' : 'like', scope === null ? `%${SCOPE_MARK}%` : `${scope}${SCOPE_MARK}%`)
      .execute()
  }

  async function takeFrom(c: Context, key: string): Promise<void> {
    const time = now()
    await forgetRefilled(time)
    const { tokens, allowed } = await spendToken(options, scope === null ? key : `${scope}${SCOPE_MARK}${key}`, options, time)
    if (!allowed) {
      const retryAfter = Math.max(1, Math.ceil((1 - tokens) / refillPerMs / 1000))
      c.header('Retry-After', String(retryAfter))
      throw new ApiError(429, 'rate_limited', `Too many requests. Please try again in ${retryAfter} seconds.`)
    }
  }

  return {
    take: (c) => takeFrom(c, clientKey(clientIp(c, options.trustProxy, options.trustedProxyHops))),
    // An IP key never starts with "user:" (IPv4, or an IPv6 /64 in hex).
    takeForUser: (c, userId) => takeFrom(c, `user:${userId}`),
  }
}
