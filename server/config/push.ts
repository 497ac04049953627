import { createECDH } from 'node:crypto'
import { z } from 'zod'
import { PUSH_SUBSCRIBE_RATE_LIMIT } from '../../contract/constants.ts'
import { ConfigError, optionalText, type ConfigBlock } from './shared.ts'

// Push notifications when a generation ends (docs/decisions/0280): one block
// of the server's environment schema (server/config.ts). Outside production
// the VAPID key pair is made in DATA_DIR on first start; production takes it
// from here and refuses to start without it while push is on.

/** A key of the VAPID pair as web-push writes it: unpadded base64url. */
const vapidKey = optionalText.pipe(z.union([z.null(), z.string().regex(/^[A-Za-z0-9_-]+$/, 'must be unpadded base64url (web-push generate-vapid-keys)')]))

/**
 * The push services browsers subscribe with (docs/decisions/0283): the only
 * hosts a device's endpoint may name unless PUSH_ENDPOINT_HOSTS says otherwise.
 * `*.` allows any name below the domain (not the domain itself).
 */
export const DEFAULT_PUSH_ENDPOINT_HOSTS = [
  // Chrome, Edge on Android, Opera, Brave, Samsung Internet: Firebase Cloud Messaging (older subscriptions: GCM).
  'fcm.googleapis.com',
  'android.googleapis.com',
  // Firefox: Mozilla's autopush.
  'updates.push.services.mozilla.com',
  'push.services.mozilla.com',
  // Safari on macOS, iOS and iPadOS (web.push.apple.com).
  '*.push.apple.com',
  // Edge on Windows: the Windows Push Notification Services.
  '*.notify.windows.com',
] as const

/** A host name, an IPv4 address or a bracketed IPv6 address, optionally `*.` before a name. */
const HOST_PATTERN = /^(\*\.)?([a-z0-9-]+(\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])$/

/** PUSH_ENDPOINT_HOSTS: a comma-separated list of hosts, each as the URL parser writes it (lower case, IPv6 in brackets). */
const endpointHosts = optionalText.pipe(
  z.union([
    z.null(),
    z
      .string()
      .transform((text) => text.split(',').map((host) => host.trim().toLowerCase()))
      .pipe(z.array(z.string().regex(HOST_PATTERN, 'each entry must be a host name (optionally *.name), an IPv4 address or [IPv6]')).min(1)),
  ]),
)

export const pushEnv = {
  PUSH_NOTIFICATIONS: z.enum(['on', 'off']).default('on'),
  PUSH_ENDPOINT_HOSTS: endpointHosts,
  PUSH_SUBSCRIBE_RATE_LIMIT_BURST: z.coerce.number().int().min(1).default(PUSH_SUBSCRIBE_RATE_LIMIT.burst),
  PUSH_SUBSCRIBE_RATE_LIMIT_REFILL_SECONDS: z.coerce.number().int().min(1).default(PUSH_SUBSCRIBE_RATE_LIMIT.refillSeconds),
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
      /** The hosts a subscription's endpoint may name (DEFAULT_PUSH_ENDPOINT_HOSTS unless configured). */
      endpointHosts: readonly string[]
      /** The subscribe call's limit per account: saves at once, seconds to earn one back. */
      subscribeLimit: { burst: number; refillSeconds: number }
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
    if (vapid === null)
      throw new ConfigError(
        'Refusing to start: NODE_ENV=production with PUSH_NOTIFICATIONS=on needs VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY (npx web-push generate-vapid-keys), or PUSH_NOTIFICATIONS=off.',
      )
    if (subject === null)
      throw new ConfigError(
        'Refusing to start: NODE_ENV=production with PUSH_NOTIFICATIONS=on needs VAPID_SUBJECT (mailto: or https:) or an https PUBLIC_ORIGIN.',
      )
  }
  return {
    enabled: true,
    vapid,
    subject: subject ?? DEVELOPMENT_VAPID_SUBJECT,
    endpointHosts: env.PUSH_ENDPOINT_HOSTS ?? DEFAULT_PUSH_ENDPOINT_HOSTS,
    subscribeLimit: { burst: env.PUSH_SUBSCRIBE_RATE_LIMIT_BURST, refillSeconds: env.PUSH_SUBSCRIBE_RATE_LIMIT_REFILL_SECONDS },
  }
}
