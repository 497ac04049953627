import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { rm } from 'node:fs/promises'
import { MEDIA_PATH_PREFIX, type MediaStore } from '../media/store.ts'

// What account deletion, retention and the data export need of the media
// store: find a stored file behind a URL, delete it, and hand out a link to it
// that stops working at a given time (an HMAC over name and expiry). One small
// interface, so it can move onto the media store's own delete and signed links
// (docs/decisions/0265).

export interface AccountMediaFiles {
  /** The stored name behind one of our media URLs (or a bare stored name); null for anything else. */
  nameOf(urlOrName: string): string | null
  /** Deletes a stored file; one that is already gone counts as deleted. */
  delete(name: string): Promise<void>
  /** An absolute link to the file that works until `expiresAt`. */
  temporaryLink(name: string, expiresAt: Date): string
  /** Whether a link's expiry and signature hold at `now` for this name. */
  verifyLink(name: string, expires: string, signature: string, now: Date): boolean
}

/** Where temporary links are served (server/routes/account.ts). */
export const TEMPORARY_MEDIA_PATH = '/api/account/v1/media/'

export function createAccountMediaFiles(store: MediaStore, options: { publicOrigin: string; linkSecret: string | null }): AccountMediaFiles {
  // Without a configured secret (development, tests), links live as long as this process (config.ts refuses that in production).
  const secret = options.linkSecret ?? randomBytes(32).toString('hex')
  const sign = (name: string, expires: string): string => createHmac('sha256', secret).update(`${name}\n${expires}`).digest('base64url')

  const nameOf = (urlOrName: string): string | null => {
    if (store.locate(urlOrName) !== null) return urlOrName
    let url: URL
    try {
      url = new URL(urlOrName, options.publicOrigin)
    } catch {
      return null
    }
    if (url.origin !== new URL(options.publicOrigin).origin || !url.pathname.startsWith(MEDIA_PATH_PREFIX)) return null
    const name = url.pathname.slice(MEDIA_PATH_PREFIX.length)
    return store.locate(name) === null ? null : name
  }

  return {
    nameOf,
    async delete(name) {
      const found = store.locate(name)
      if (found !== null) await rm(found.path, { force: true })
    },
    temporaryLink(name, expiresAt) {
      const expires = String(Math.floor(expiresAt.getTime() / 1000))
      const link = new URL(`${TEMPORARY_MEDIA_PATH}${encodeURIComponent(name)}`, options.publicOrigin)
      link.searchParams.set('expires', expires)
      link.searchParams.set('signature', sign(name, expires))
      return link.toString()
    },
    verifyLink(name, expires, signature, now) {
      if (!/^\d{1,12}$/.test(expires) || Number(expires) * 1000 <= now.getTime()) return false
      const expected = Buffer.from(sign(name, expires))
      const given = Buffer.from(signature)
      return given.length === expected.length && timingSafeEqual(given, expected)
    },
  }
}
