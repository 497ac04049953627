import { randomUUID } from 'node:crypto'
import { link, readFile, rm, writeFile } from 'node:fs/promises'
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

/**
 * Puts a new pair in place whole or not at all: written to a file of this process's
 * own, then linked to the shared name, which fails if another process got there first
 * (the API server and the worker start together on a fresh DATA_DIR).
 */
async function placeNewPair(file: string): Promise<void> {
  const made = webpush.generateVAPIDKeys()
  const own = `${file}.${randomUUID()}.tmp`
  await writeFile(own, `${JSON.stringify({ publicKey: made.publicKey, privateKey: made.privateKey })}\n`, { mode: 0o600 })
  try {
    await link(own, file)
  } catch {
    // Another process placed its pair: that one is kept.
  } finally {
    await rm(own, { force: true })
  }
}

export async function vapidKeysIn(dataDir: string): Promise<VapidKeys> {
  const file = path.join(dataDir, VAPID_KEYS_FILE)
  const existing = await readFile(file, 'utf8').catch(() => null)
  if (existing === null) await placeNewPair(file)
  // A file written before pairs were placed whole may still be being written by another process.
  let text = ''
  for (let attempt = 0; attempt < 20; attempt += 1) {
    text = await readFile(file, 'utf8').catch(() => '')
    const pair = parsePair(text)
    if (pair !== null) return pair
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  if (text !== '') throw new Error(`${file} is not a VAPID key pair; remove it to make a new one (devices then subscribe again)`)
  throw new Error(`${file} could not be written`)
}
