import { createECDH } from 'node:crypto'
import { z } from 'zod'
import { ConfigError, optionalText, type ConfigBlock } from './shared.ts'

// Push notifications when a generation ends (docs/decisions/0280): one block
// of the server's environment schema (server/config.ts). Outside production
// the VAPID key pair is made in DATA_DIR on first start; production takes it
// from here and refuses to start without it while push is on.

/** A key of the VAPID pair as web-push writes it: unpadded base64url. */
const vapidKey = optionalText.pipe(z.union([z.null(), z.string().regex(/^[A-Za-z0-9_-]+$/, 'must be unpadded base64url (web-push generate-vapid-keys)')]))

export const pushEnv = {
  PUSH_NOTIFICATIONS: z.enum(['on', 'off']).default('on'),
  VAPID_PUBLIC_KEY: vapidKey,
  VAPID_PRIVATE_KEY: vapidKey,
  /** Who push services may contact about our messages: mailto: or https: (RFC 8292). */
  VAPID_SUBJECT: optionalText.pipe(z.union([z.null(), z.string().regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'must be a mailto: address or an https: URL')])),
  // Read here too: an https origin is the subject when none is set.
  PUBLIC_ORIGIN: optionalText,
}

export interface VapidKeys {
  /** The uncompressed P-256 point (65 bytes), base64url: what the app subscribes with. */
  publicKey: string
  /** The 32-byte private scalar, base64url. */
  privateKey: string
}

export type PushConfig =
  | { enabled: false }
  | {
      enabled: true
      /** null outside production when not configured: the server keeps a pair in DATA_DIR. */
      vapid: VapidKeys | null
      subject: string
    }

/** Outside production without an https origin: a subject push services accept (they reach nobody through it). */
export const DEVELOPMENT_VAPID_SUBJECT = 'mailto:push@actorly.invalid'

/** The public key belonging to a private one: a swapped or mistyped pair fails at start, not at the first send. */
export function vapidPublicKeyOf(privateKey: string): string | null {
  const bytes = Buffer.from(privateKey, 'base64url')
  if (bytes.length !== 32) return null
  try {
    const ecdh = createECDH('prime256v1')
    ecdh.setPrivateKey(bytes)
    return ecdh.getPublicKey().toString('base64url')
  } catch {
    return null
  }
}

function checkedPair(publicKey: string | null, privateKey: string | null): VapidKeys | null {
  if (publicKey === null && privateKey === null) return null
  if (publicKey === null || privateKey === null) throw new ConfigError('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together: set both or neither')
  const derived = vapidPublicKeyOf(privateKey)
  if (derived === null) throw new ConfigError('VAPID_PRIVATE_KEY: not a P-256 private key (32 bytes, base64url)')
  if (derived !== publicKey) throw new ConfigError('VAPID_PUBLIC_KEY is not the public key of VAPID_PRIVATE_KEY')
  return { publicKey, privateKey }
}

export const pushConfig: ConfigBlock<typeof pushEnv, PushConfig> = (env, { isProduction }) => {
  if (env.PUSH_NOTIFICATIONS === 'off') return { enabled: false }
  const vapid = checkedPair(env.VAPID_PUBLIC_KEY, env.VAPID_PRIVATE_KEY)
  const origin = env.PUBLIC_ORIGIN?.replace(/\/+$/, '') ?? null
  const subject = env.VAPID_SUBJECT ?? (origin?.startsWith('https://') === true ? origin : null)
  if (isProduction) {
    // Every instance must sign with the one pair the devices subscribed with, across redeploys.
    if (vapid === null) throw new ConfigError('Refusing to start: NODE_ENV=production with PUSH_NOTIFICATIONS=on needs VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY (npx web-push generate-vapid-keys), or PUSH_NOTIFICATIONS=off.')
    if (subject === null) throw new ConfigError('Refusing to start: NODE_ENV=production with PUSH_NOTIFICATIONS=on needs VAPID_SUBJECT (mailto: or https:) or an https PUBLIC_ORIGIN.')
  }
  return { enabled: true, vapid, subject: subject ?? DEVELOPMENT_VAPID_SUBJECT }
}
