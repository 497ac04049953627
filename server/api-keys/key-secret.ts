import { createHash, randomBytes } from 'node:crypto'

// What an API key looks like (docs/decisions/0401): `actorly_sk_` and 43
// characters of base64url (32 random bytes). Only its SHA-256 is stored: a
// key is random enough that a fast hash cannot be searched back, and the
// hash finds it with one indexed read. Its first characters are kept apart
// so its owner can tell keys apart.

export const API_KEY_MARK = 'actorly_sk_'
/** How much of a key stays visible: the mark and six characters of the secret. */
const VISIBLE_CHARACTERS = API_KEY_MARK.length + 6

export interface NewKeySecret {
  secret: string
  prefix: string
  hash: string
}

export function hashApiKey(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex')
}

export function newKeySecret(): NewKeySecret {
  const secret = `${API_KEY_MARK}${randomBytes(32).toString('base64url')}`
  return { secret, prefix: secret.slice(0, VISIBLE_CHARACTERS), hash: hashApiKey(secret) }
}

/** Whether a bearer credential is shaped like one of our keys (an ID token is not). */
export function looksLikeApiKey(credential: string): boolean {
  return credential.startsWith(API_KEY_MARK)
}
