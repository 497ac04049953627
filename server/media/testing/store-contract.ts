import { existsSync } from 'node:fs'
import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { Readable } from 'node:stream'
import { buffer } from 'node:stream/consumers'
import { describe, expect, it } from 'vitest'
import { storedTypeByExt, type StoredMediaType } from '../media-types.ts'
import type { MediaStore } from '../store.ts'

// What every MediaStore must do, run against the disk store
// (server/media/store.test.ts) and Cloud Storage on the Storage emulator
// (server/media/cloud-store.test.ts).

function typeOf(ext: string): StoredMediaType {
  const type = storedTypeByExt(ext)
  if (type === undefined) throw new Error(`no stored type .${ext}`)
  return type
}

const UUID_V4_KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}\.(mp4|png|mp3)$/

export function describeMediaStore(name: string, context: { store(): MediaStore; scratchDir(): string }): void {
  const bytes = Buffer.from(Array.from({ length: 70_000 }, (_, i) => (i * 7) % 256))

  describe(`${name}: the MediaStore contract`, () => {
    it('streams bytes in under a new unguessable key and reads them back whole and in spans', async () => {
      const store = context.store()
      const stored = await store.put(Readable.from([bytes.subarray(0, 1000), bytes.subarray(1000)]), typeOf('mp4'))
      expect(stored.key).toMatch(UUID_V4_KEY)
      expect(stored.bytes).toBe(bytes.length)
      expect((await store.stat(stored.key))?.bytes).toBe(bytes.length)
      expect((await store.stat(stored.key))?.type.contentType).toBe('video/mp4')
      expect((await buffer(store.read(stored.key))).equals(bytes)).toBe(true)
      expect((await buffer(store.read(stored.key, { start: 100, end: 199 }))).equals(bytes.subarray(100, 200))).toBe(true)
      expect((await buffer(store.read(stored.key, { start: bytes.length - 1, end: bytes.length - 1 }))).equals(bytes.subarray(-1))).toBe(true)
    })

    it('never reuses a key, and keys carry nothing of the file', async () => {
      const store = context.store()
      const keys = new Set<string>()
      for (let i = 0; i < 5; i += 1) keys.add((await store.put(Readable.from([Buffer.from('x')]), typeOf('png'))).key)
      expect(keys.size).toBe(5)
    })

    it('moves a finished file in (the local file is gone afterwards)', async () => {
      const store = context.store()
      const file = path.join(context.scratchDir(), `finished-${Date.now()}.mp3`)
      await writeFile(file, bytes)
      const stored = await store.putFile(file, typeOf('mp3'))
      expect(existsSync(file)).toBe(false)
      expect((await buffer(store.read(stored.key))).equals(bytes)).toBe(true)
    })

    it('keeps nothing when the incoming stream breaks', async () => {
      const store = context.store()
      const broken = new Readable({
        read() {
          this.destroy(new Error('the client went away'))
        },
      })
      await expect(store.put(broken, typeOf('mp4'))).rejects.toThrow(/went away/)
    })

    it('materialises an object as a local file for ffmpeg and releases it', async () => {
      const store = context.store()
      const stored = await store.put(Readable.from([bytes]), typeOf('mp4'))
      const copy = await store.materialise(stored.key)
      expect((await readFile(copy.file)).equals(bytes)).toBe(true)
      await copy.release()
      expect((await store.stat(stored.key))?.bytes).toBe(bytes.length)
    })

    it('deletes an object (and deleting it again is no error)', async () => {
      const store = context.store()
      const stored = await store.put(Readable.from([bytes]), typeOf('mp4'))
      await store.delete(stored.key)
      expect(await store.stat(stored.key)).toBeNull()
      await store.delete(stored.key)
      await expect(store.materialise(stored.key)).rejects.toThrow(/No stored object/)
    })

    it('stops a read destroyed before its first byte or after its first chunk, quietly, while another read of the object goes on whole', async () => {
      const store = context.store()
      const big = Buffer.concat(Array.from({ length: 40 }, () => bytes))
      const stored = await store.put(Readable.from([big]), typeOf('mp4'))
      // A slow watcher: mid-way through the object while the others leave.
      const watcher = store.read(stored.key)
      const watched: Buffer[] = []
      watcher.on('data', (chunk: Buffer) => watched.push(chunk))
      watcher.pause()
      await new Promise((resolve) => setTimeout(resolve, 100))
      const leave = async (i: number): Promise<unknown[]> => {
        const read = store.read(stored.key, i % 2 === 0 ? undefined : { start: 10, end: big.length - 10 })
        const errors: unknown[] = []
        read.on('error', (error) => errors.push(error))
        const closed = new Promise((resolve) => read.once('close', resolve))
        if (i % 3 === 0) read.destroy()
        else if (i % 3 === 1) {
          // Asked for, then left before the store answers.
          read.read(0)
          await new Promise((resolve) => setTimeout(resolve, i % 4))
          read.destroy()
        } else {
          await new Promise<void>((resolve) =>
            read.once('data', () => {
              read.destroy()
              resolve()
            }),
          )
        }
        await closed
        return errors
      }
      const ends = await Promise.all(Array.from({ length: 30 }, (_, i) => leave(i)))
      expect(ends).toEqual(ends.map(() => []))
      const finished = new Promise((resolve, reject) => watcher.once('end', resolve).once('error', reject))
      watcher.resume()
      await finished
      expect(Buffer.concat(watched).equals(big)).toBe(true)
      expect((await buffer(store.read(stored.key, { start: 5, end: 9 }))).equals(big.subarray(5, 10))).toBe(true)
    })

    it('knows nothing of malformed or unknown keys', async () => {
      const store = context.store()
      for (const key of ['../secret.mp4', '00000000-0000-0000-0000-000000000000.html', '.incoming', '']) expect(await store.stat(key)).toBeNull()
      expect(await store.stat('00000000-0000-4000-8000-000000000000.mp4')).toBeNull()
      expect(() => store.read('../../etc/passwd')).toThrow(/Not a media key/)
      await expect(store.delete('../x.mp4')).rejects.toThrow(/Not a media key/)
    })
  })
}
