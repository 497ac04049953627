import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import webpush from 'web-push'
import type { VapidKeys } from '../config.ts'
import { vapidPublicKeyOf } from '../config/push.ts'

// Outside production the VAPID key pair may come from DATA_DIR, made on first
// start, so `npm start` needs no setting; production refuses to start without
// VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY (server/config/push.ts). Devices
// subscribe with the public key: a new pair would silence every subscription.

export const VAPID_KEYS_FILE = 'vapid-keys.json'

function parsePair(text: string): VapidKeys | null {
  try {
    const parsed: unknown = JSON.parse(text)
    if (typeof parsed !== 'object' || parsed === null || !('publicKey' in parsed) || !('privateKey' in parsed)) return null
    const { publicKey, privateKey } = parsed
    if (typeof publicKey !== 'string' || typeof privateKey !== 'string') return null
    return vapidPublicKeyOf(privateKey) === publicKey ? { publicKey, privateKey } : null
  } catch {
    return null
  }
}

export async function vapidKeysIn(dataDir: string): Promise<VapidKeys> {
  const file = path.join(dataDir, VAPID_KEYS_FILE)
  const existing = await readFile(file, 'utf8').catch(() => null)
  const kept = existing === null ? null : parsePair(existing)
  if (kept !== null) return kept
  if (existing !== null) throw new Error(`${file} is not a VAPID key pair; remove it to make a new one (devices then subscribe again)`)
  const made = webpush.generateVAPIDKeys()
  // wx: two processes starting together on one DATA_DIR keep the first one's pair.
  await writeFile(file, `${JSON.stringify({ publicKey: made.publicKey, privateKey: made.privateKey })}\n`, { flag: 'wx', mode: 0o600 }).catch(() => undefined)
  // Another process may still be writing the pair it made: read until it is whole.
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const written = parsePair(await readFile(file, 'utf8').catch(() => ''))
    if (written !== null) return written
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error(`${file} could not be written`)
}
