import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { VAPID_KEYS_FILE, vapidKeysIn } from './vapid-keys.ts'

describe('vapidKeysIn', () => {
  let dataDir: string
  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'actorly-vapid-'))
  })
  afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true })
  })

  it('makes a pair on first start and keeps it', async () => {
    const first = await vapidKeysIn(dataDir)
    expect(first.publicKey).toMatch(/^[\w-]{87}$/)
    expect(await vapidKeysIn(dataDir)).toEqual(first)
  })

  it('gives processes starting together one pair, and leaves no temporary file', async () => {
    const pairs = await Promise.all(Array.from({ length: 6 }, () => vapidKeysIn(dataDir)))
    for (const pair of pairs) expect(pair).toEqual(pairs[0])
    expect(await readdir(dataDir)).toEqual([VAPID_KEYS_FILE])
  })

  it('refuses a file that is not a pair rather than replacing the key devices subscribed with', async () => {
    await writeFile(path.join(dataDir, VAPID_KEYS_FILE), '{"publicKey":"x","privateKey":"y"}\n')
    await expect(vapidKeysIn(dataDir)).rejects.toThrow(/is not a VAPID key pair/)
  })
})
