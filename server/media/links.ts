import { createHmac, timingSafeEqual } from 'node:crypto'
import { keyOfRef, MEDIA_PATH_PREFIX, parseMediaKey } from './keys.ts'

// Signed media links (docs/decisions/0221): `/media/<key>?exp=<unix s>&sig=<mac>`
// where mac = HMAC-SHA256(secret, "<key>:<exp>") in base64url. A link names
// one object until its expiry and can be neither altered nor extended without
// the secret, which every instance shares (MEDIA_SIGNING_SECRET). The API
// mints links per answer for the object's owner; the generation provider gets
// its own, longer ones.

export type LinkCheck = 'valid' | 'expired' | 'invalid'

export interface MediaLinks {
  /** An absolute signed URL for a key, working for `lifetimeSeconds` (default: the configured link lifetime). */
  sign(key: string, lifetimeSeconds?: number): string
  /** Checks a request's `exp` and `sig` for a key. */
  check(key: string, exp: string | undefined, sig: string | undefined): LinkCheck
  /** A job row's or record's media field for an API answer: references become signed links, other URLs pass through. */
  forClient(value: string): string
  forClient(value: string | null): string | null
  /**
   * The store key a URL from a client names when it is one of ours (an
   * absolute URL on one of `ownOrigins`, signed or not, expired or not, or a
   * bare reference); null for any other URL.
   */
  keyOfOwnUrl(url: string, ownOrigins: readonly string[]): string | null
}

export interface MediaLinksOptions {
  secret: string
  /** The origin users reach the app on; links are absolute on it. */
  publicOrigin: string
  /** The default lifetime of a link. */
  ttlSeconds: number
  now?: () => number
}

/** Links of one answer share an expiry rounded up to this, so an answer repeated within it is byte-identical (HTTP caches). */
const EXPIRY_STEP_SECONDS = 15 * 60

export function createMediaLinks(options: MediaLinksOptions): MediaLinks {
  const now = options.now ?? Date.now
  const publicOrigin = new URL(options.publicOrigin).origin
  const mac = (key: string, exp: string): Buffer => createHmac('sha256', options.secret).update(`${key}:${exp}`).digest()

  function sign(key: string, lifetimeSeconds = options.ttlSeconds): string {
    const earliest = Math.floor(now() / 1000) + lifetimeSeconds
    const exp = String(Math.ceil(earliest / EXPIRY_STEP_SECONDS) * EXPIRY_STEP_SECONDS)
    const url = new URL(`${MEDIA_PATH_PREFIX}${key}`, publicOrigin)
    url.searchParams.set('exp', exp)
    url.searchParams.set('sig', mac(key, exp).toString('base64url'))
    return url.href
  }

  function forClient(value: string): string
  function forClient(value: string | null): string | null
  function forClient(value: string | null): string | null {
    if (value === null) return null
    const key = keyOfRef(value)
    return key === null ? value : sign(key)
  }

  return {
    sign,
    check(key, exp, sig) {
      if (exp === undefined || sig === undefined || !/^\d{1,12}$/.test(exp)) return 'invalid'
      // Compared as text: base64url decoding ignores a last character's spare bits, so
      // two spellings decode alike, and only the one this server wrote is its link.
      const given = Buffer.from(sig)
      const expected = Buffer.from(mac(key, exp).toString('base64url'))
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid'
      return Number(exp) * 1000 <= now() ? 'expired' : 'valid'
    },
    forClient,
    keyOfOwnUrl(url, ownOrigins) {
      let parsed: URL
      try {
        parsed = new URL(url, publicOrigin)
      } catch {
        return null
      }
      const origins = new Set([publicOrigin, ...ownOrigins.map((origin) => new URL(origin).origin)])
      if (!origins.has(parsed.origin) || !parsed.pathname.startsWith(MEDIA_PATH_PREFIX)) return null
      return parseMediaKey(parsed.pathname.slice(MEDIA_PATH_PREFIX.length))?.key ?? null
    },
  }
}
