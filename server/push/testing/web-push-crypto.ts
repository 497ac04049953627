import { createDecipheriv, createECDH, createPublicKey, hkdfSync, verify, type ECDH } from 'node:crypto'

// The receiving side of Web Push, written from the RFCs with node:crypto
// alone (not with web-push, so a test catches a wrong encryption or
// signature): RFC 8291 message encryption over RFC 8188's aes128gcm, and
// RFC 8292 VAPID's ES256 JWT.

export interface DeviceKeys {
  ecdh: ECDH
  /** The device's public key as the subscription names it (65 bytes uncompressed). */
  publicKey: Buffer
  /** The 16-byte auth secret. */
  authSecret: Buffer
}

export function makeDeviceKeys(authSecret: Buffer): DeviceKeys {
  const ecdh = createECDH('prime256v1')
  const publicKey = ecdh.generateKeys()
  return { ecdh, publicKey, authSecret }
}

const hkdf = (salt: Buffer, ikm: Buffer, info: Buffer, length: number): Buffer => Buffer.from(hkdfSync('sha256', ikm, salt, info, length))

/** Decrypts an aes128gcm body sent to `device` (RFC 8291 §3.4, RFC 8188 §2); throws when it does not decrypt. */
export function decryptAes128gcm(body: Buffer, device: DeviceKeys): Buffer {
  if (body.length < 21 + 16) throw new Error('body shorter than the aes128gcm header')
  const salt = body.subarray(0, 16)
  const recordSize = body.readUInt32BE(16)
  const idLength = body.readUInt8(20)
  // RFC 8291 §4: the key id is the sender's ephemeral public key.
  const senderPublicKey = body.subarray(21, 21 + idLength)
  if (idLength !== 65 || senderPublicKey[0] !== 0x04) throw new Error(`key id is not an uncompressed P-256 point (${idLength} bytes)`)
  const records = body.subarray(21 + idLength)
  // RFC 8291 §4: a push message is a single record.
  if (records.length > recordSize) throw new Error(`more than one record (${records.length} bytes, record size ${recordSize})`)
  const sharedSecret = device.ecdh.computeSecret(senderPublicKey)
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), device.publicKey, senderPublicKey])
  const ikm = hkdf(device.authSecret, sharedSecret, keyInfo, 32)
  const contentKey = hkdf(salt, ikm, Buffer.from('Content-Encoding: aes128gcm\0'), 16)
  const nonce = hkdf(salt, ikm, Buffer.from('Content-Encoding: nonce\0'), 12)
  const decipher = createDecipheriv('aes-128-gcm', contentKey, nonce)
  decipher.setAuthTag(records.subarray(records.length - 16))
  const padded = Buffer.concat([decipher.update(records.subarray(0, records.length - 16)), decipher.final()])
  // RFC 8188 §2: the plaintext, a delimiter (2 for the last record), then zeros.
  let end = padded.length - 1
  while (end >= 0 && padded[end] === 0) end -= 1
  if (padded[end] !== 0x02) throw new Error('the last record has no 0x02 delimiter')
  return padded.subarray(0, end)
}

export interface VapidClaims {
  aud: string
  exp: number
  sub: string
}

/**
 * Checks `Authorization: vapid t=<jwt>, k=<key>` (RFC 8292 §3): an ES256 JWT
 * signed by `k`, for this audience, expiring in the future but within 24 hours,
 * with a contact. Answers the claims and the key, or why it is refused.
 */
export function checkVapid(header: string | undefined, audience: string, now = Date.now()): { ok: true; claims: VapidClaims; publicKey: string } | { ok: false; reason: string } {
  const match = /^vapid\s+t=([^,\s]+),\s*k=([^,\s]+)$/.exec(header?.trim() ?? '')
  if (match?.[1] === undefined || match[2] === undefined) return { ok: false, reason: `not a vapid authorization: ${header ?? '(none)'}` }
  const [token, key] = [match[1], match[2]]
  const parts = token.split('.')
  if (parts.length !== 3) return { ok: false, reason: 'the token is not a JWT' }
  const [headerPart = '', claimsPart = '', signaturePart = ''] = parts
  const jwtHeader: unknown = JSON.parse(Buffer.from(headerPart, 'base64url').toString())
  if (typeof jwtHeader !== 'object' || jwtHeader === null || !('alg' in jwtHeader) || jwtHeader.alg !== 'ES256') return { ok: false, reason: 'alg is not ES256' }
  const point = Buffer.from(key, 'base64url')
  if (point.length !== 65 || point[0] !== 0x04) return { ok: false, reason: 'k is not an uncompressed P-256 point' }
  const publicKey = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') }, format: 'jwk' })
  const signed = Buffer.from(`${headerPart}.${claimsPart}`)
  const signature = Buffer.from(signaturePart, 'base64url')
  if (!verify('sha256', signed, { key: publicKey, dsaEncoding: 'ieee-p1363' }, signature)) return { ok: false, reason: 'the signature does not verify with k' }
  const claims: unknown = JSON.parse(Buffer.from(claimsPart, 'base64url').toString())
  if (typeof claims !== 'object' || claims === null || !('aud' in claims) || !('exp' in claims) || !('sub' in claims)) return { ok: false, reason: 'aud, exp or sub missing' }
  const { aud, exp, sub } = claims
  if (aud !== audience) return { ok: false, reason: `aud ${String(aud)} is not ${audience}` }
  if (typeof exp !== 'number' || exp * 1000 <= now) return { ok: false, reason: 'exp is not in the future' }
  if (exp * 1000 > now + 24 * 60 * 60_000) return { ok: false, reason: 'exp is more than 24 hours away' }
  if (typeof sub !== 'string' || !/^(mailto:|https:)/.test(sub)) return { ok: false, reason: 'sub is not a mailto: or https: contact' }
  return { ok: true, claims: { aud, exp, sub }, publicKey: key }
}
