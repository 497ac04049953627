import { existsSync } from 'node:fs'
import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeTempDir } from '../render/testing/media-fixtures.ts'
import { createLocalMediaStore, type MediaStore } from './store.ts'

let temp: Awaited<ReturnType<typeof makeTempDir>>
let store: MediaStore

beforeAll(async () => {
  temp = await makeTempDir('actorly-store-test-')
  store = await createLocalMediaStore({ dir: path.join(temp.dir, 'media'), publicOrigin: 'https://app.example', alsoOwnOrigins: ['http://127.0.0.1:8080'] })
})
afterAll(async () => {
  await temp.remove()
})

describe('local media store', () => {
  it('saves bytes under a generated name with the extension of its type', async () => {
    const saved = await store.save(new Uint8Array([1, 2, 3]), { kind: 'video', contentType: 'video/mp4', ext: 'mp4' })
    expect(saved.name).toMatch(/^[0-9a-f-]{36}\.mp4$/)
    expect(saved.url).toBe(`https://app.example/media/${saved.name}`)
    expect(saved.bytes).toBe(3)
    expect([...(await readFile(saved.path))]).toEqual([1, 2, 3])
  })

  it('moves a local file into the store', async () => {
    const source = path.join(temp.dir, 'render.mp4')
    await writeFile(source, 'abc')
    const saved = await store.save(source, { kind: 'video', contentType: 'video/mp4', ext: 'mp4' })
    expect(existsSync(source)).toBe(false)
    expect(await readFile(saved.path, 'utf8')).toBe('abc')
  })

  it('refuses a type it does not keep or a kind that does not match', async () => {
    await expect(store.save(new Uint8Array([1]), { kind: 'image', contentType: 'text/html', ext: 'html' })).rejects.toThrow(TypeError)
    await expect(store.save(new Uint8Array([1]), { kind: 'audio', contentType: 'video/mp4', ext: 'mp4' })).rejects.toThrow(TypeError)
  })

  it('resolves only its own existing media URLs to local paths', async () => {
    const saved = await store.save(new Uint8Array([9]), { kind: 'audio', contentType: 'audio/mpeg', ext: 'mp3' })
    expect(store.resolveOwnUrl(saved.url)).toBe(saved.path)
    expect(store.resolveOwnUrl(`/media/${saved.name}`)).toBe(saved.path)
    expect(store.resolveOwnUrl(`http://127.0.0.1:8080/media/${saved.name}?x=1`)).toBe(saved.path)
    expect(store.resolveOwnUrl(`https://evil.example/media/${saved.name}`)).toBeNull()
    expect(store.resolveOwnUrl(`//evil.example/media/${saved.name}`)).toBeNull()
    expect(store.resolveOwnUrl('https://app.example/media/00000000-0000-0000-0000-000000000000.mp3')).toBeNull()
    expect(store.resolveOwnUrl('https://app.example/media/..%2F..%2Fetc%2Fpasswd')).toBeNull()
    expect(store.resolveOwnUrl('https://app.example/media/../../etc/passwd')).toBeNull()
    expect(store.resolveOwnUrl('not a url at all ::')).toBeNull()
  })

  it('locates only well-formed names', () => {
    expect(store.locate('../secret.mp4')).toBeNull()
    expect(store.locate('00000000-0000-0000-0000-000000000000.html')).toBeNull()
    expect(store.locate('00000000-0000-0000-0000-000000000000.png')?.type.contentType).toBe('image/png')
  })
})
