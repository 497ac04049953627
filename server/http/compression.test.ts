import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { precompressFolder } from '../../scripts/vite/precompress.ts'
import { createTestServer, type TestServer } from '../testing/harness.ts'
import { compressJson } from './compress-json.ts'

// What a phone gets from the real server (docs/decisions/0200): the build's brotli or
// gzip copy of each text file as the client accepts it, the plain file for anyone else,
// long cache lifetimes where files never change, the prerendered landing in the
// visitor's language (docs/decisions/0201), and large JSON answers compressed.

let server: TestServer
let dist: string
const script = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, index) => `word number ${index}`))}\n`
const page = (locale: string) =>
  `<!doctype html><html lang="${locale}"><body><div id="root" data-locale="${locale}"><h1>${locale} landing ${'text '.repeat(200)}</h1></div></body></html>`

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'actorly-dist-'))
  for (const folder of ['assets', 'samples', 'pages/en', 'pages/de']) mkdirSync(path.join(dist, folder), { recursive: true })
  writeFileSync(path.join(dist, 'index.html'), `<!doctype html><title>Actorly</title><div id="root"></div>${'<!-- shell -->'.repeat(60)}`)
  writeFileSync(path.join(dist, 'assets', 'app-AbC123.js'), script)
  writeFileSync(path.join(dist, 'assets', 'tiny-AbC123.js'), 'export {}\n')
  writeFileSync(path.join(dist, 'samples', 'clip.webp'), Buffer.alloc(2048, 7))
  writeFileSync(path.join(dist, 'pages', 'en', 'index.html'), page('en'))
  writeFileSync(path.join(dist, 'pages', 'de', 'index.html'), page('de'))
  // The build step that writes the .br and .gz copies (vite.config.ts).
  await precompressFolder(dist)
  server = await createTestServer({ distDir: dist })
})
afterAll(async () => {
  await server.close()
  rmSync(dist, { recursive: true, force: true })
})

const bytesOf = async (res: Response) => Buffer.from(await res.arrayBuffer())

describe("the build's files, compressed as the client accepts", () => {
  it('sends brotli to a browser that takes it, decoding to the very file', async () => {
    const res = await server.request('/assets/app-AbC123.js', { headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-encoding')).toBe('br')
    expect(res.headers.get('vary')).toContain('Accept-Encoding')
    expect(res.headers.get('content-type')).toMatch(/javascript/)
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    const body = await bytesOf(res)
    expect(Number(res.headers.get('content-length'))).toBe(body.length)
    expect(body.length).toBeLessThan(script.length / 3)
    expect(brotliDecompressSync(body).toString()).toBe(script)
  })

  it('sends gzip when that is what the client takes, or prefers by its q-values', async () => {
    for (const accept of ['gzip', 'br;q=0.5, gzip', 'gzip, br;q=0']) {
      const res = await server.request('/assets/app-AbC123.js', { headers: { 'accept-encoding': accept } })
      expect({ accept, encoding: res.headers.get('content-encoding') }).toEqual({ accept, encoding: 'gzip' })
      expect(gunzipSync(await bytesOf(res)).toString()).toBe(script)
    }
  })

  it('sends the plain file to a client that takes no compression, still marked as varying', async () => {
    const clients: Record<string, string>[] = [{}, { 'accept-encoding': 'identity' }, { 'accept-encoding': 'br;q=0, gzip;q=0' }]
    for (const headers of clients) {
      const res = await server.request('/assets/app-AbC123.js', { headers })
      expect(res.status).toBe(200)
      expect(res.headers.get('content-encoding')).toBeNull()
      expect(res.headers.get('vary')).toContain('Accept-Encoding')
      expect((await bytesOf(res)).toString()).toBe(script)
    }
  })

  it('answers a byte range from the plain file, and HEAD with the headers only', async () => {
    const range = await server.request('/assets/app-AbC123.js', { headers: { 'accept-encoding': 'br', range: 'bytes=0-9' } })
    expect(range.status).toBe(206)
    expect(range.headers.get('content-encoding')).toBeNull()
    expect((await bytesOf(range)).toString()).toBe(script.slice(0, 10))
    const head = await server.request('/assets/app-AbC123.js', { method: 'HEAD', headers: { 'accept-encoding': 'br' } })
    expect(head.status).toBe(200)
    expect(head.headers.get('content-encoding')).toBe('br')
    expect(Number(head.headers.get('content-length'))).toBe(readFileSync(path.join(dist, 'assets', 'app-AbC123.js.br')).length)
  })

  it('sends a file too small to compress as it is', async () => {
    const res = await server.request('/assets/tiny-AbC123.js', { headers: { 'accept-encoding': 'br, gzip' } })
    expect(res.headers.get('content-encoding')).toBeNull()
    expect((await bytesOf(res)).toString()).toBe('export {}\n')
  })

  it('compresses the app shell for every app route, and keeps it revalidated', async () => {
    const res = await server.request('/gallery', { headers: { 'accept-encoding': 'br' } })
    expect(res.headers.get('content-encoding')).toBe('br')
    expect(res.headers.get('cache-control')).toBe('no-cache')
    expect(brotliDecompressSync(await bytesOf(res)).toString()).toContain('<div id="root"></div>')
  })

  it('gives the landing posters and samples 30 days', async () => {
    const res = await server.request('/samples/clip.webp')
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toMatch(/^public, max-age=2592000\b/)
    expect(res.headers.get('content-encoding')).toBeNull()
  })
})

async function landing(headers: Record<string, string>) {
  const res = await server.request('/', { headers: { 'accept-encoding': 'gzip', ...headers } })
  expect(res.status).toBe(200)
  return { res, html: gunzipSync(await bytesOf(res)).toString() }
}

describe("the prerendered landing in the visitor's language", () => {
  it('follows Accept-Language, and says it varies by it', async () => {
    const { res, html } = await landing({ 'accept-language': 'fr-CH, de;q=0.9, en;q=0.8' })
    expect(html).toContain('<html lang="de">')
    expect(res.headers.get('content-language')).toBe('de')
    expect(res.headers.get('vary')).toMatch(/Accept-Encoding.*Accept-Language.*Cookie/)
    expect(res.headers.get('cache-control')).toBe('no-cache')
  })

  it('prefers the language the visitor chose in the app (its cookie)', async () => {
    const { html } = await landing({ 'accept-language': 'de-DE', cookie: 'other=1; actorly.locale=en' })
    expect(html).toContain('<html lang="en">')
    expect((await landing({ cookie: 'actorly.locale=de' })).html).toContain('<html lang="de">')
  })

  it('is English for anyone else', async () => {
    expect((await landing({ 'accept-language': 'fr, es;q=0.5' })).html).toContain('<html lang="en">')
    expect((await landing({})).html).toContain('<html lang="en">')
    const plain = await server.request('/')
    expect((await bytesOf(plain)).toString()).toBe(page('en'))
  })
})

describe('JSON answers', () => {
  const app = new Hono()
    .use('*', compressJson())
    .get('/big', (c) => c.json({ items: Array.from({ length: 200 }, (_, index) => ({ id: index, prompt: `A presenter talks about item ${index}` })) }))
    .get('/small', (c) => c.json({ status: 'ok' }))
    .get('/text', (c) => c.text('x'.repeat(5000)))

  it('compresses an answer above the threshold as the client accepts, decoding to the same JSON', async () => {
    const plain = await (await app.request('/big')).json()
    const br = await app.request('/big', { headers: { 'accept-encoding': 'gzip, br' } })
    expect(br.headers.get('content-encoding')).toBe('br')
    expect(br.headers.get('vary')).toContain('Accept-Encoding')
    expect(JSON.parse(brotliDecompressSync(await bytesOf(br)).toString())).toEqual(plain)
    const gzip = await app.request('/big', { headers: { 'accept-encoding': 'gzip' } })
    expect(gzip.headers.get('content-encoding')).toBe('gzip')
    expect(JSON.parse(gunzipSync(await bytesOf(gzip)).toString())).toEqual(plain)
  })

  it('leaves small answers, other types and clients without compression alone', async () => {
    const small = await app.request('/small', { headers: { 'accept-encoding': 'br' } })
    expect(small.headers.get('content-encoding')).toBeNull()
    expect(await small.json()).toEqual({ status: 'ok' })
    expect((await app.request('/text', { headers: { 'accept-encoding': 'br' } })).headers.get('content-encoding')).toBeNull()
    const plain = await app.request('/big')
    expect(plain.headers.get('content-encoding')).toBeNull()
    expect(await plain.json()).toHaveProperty('items.length', 200)
  })

  it('is on for the API: a small answer stays plain but says it varies', async () => {
    const res = await server.request('/api/health', { headers: { 'accept-encoding': 'br' } })
    expect(res.headers.get('content-encoding')).toBeNull()
    expect(res.headers.get('vary')).toContain('Accept-Encoding')
    expect(await res.json()).toEqual({ status: 'ok', database: 'ok' })
  })
})
