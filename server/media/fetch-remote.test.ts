import { readdir, readFile } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AUDIO_URL_TYPES } from '../../contract/constants.ts'
import { makeAudio, makeTempDir } from '../render/testing/media-fixtures.ts'
import { ApiError } from '../http/errors.ts'
import { createRemoteFetcher, fetchRemoteToFile, type FetchRemoteOptions, RemoteFetchError } from './fetch-remote.ts'
import { remoteFetchApiError } from '../routes/upload-errors.ts'

let temp: Awaited<ReturnType<typeof makeTempDir>>
let server: Server
let origin = ''
let mp3: Buffer
const hits: string[] = []
const MAX = 64 * 1024

beforeAll(async () => {
  temp = await makeTempDir('actorly-fetch-test-')
  mp3 = await readFile(await makeAudio(path.join(temp.dir, 'tone.mp3'), 0.5))
  server = createServer((req, res) => {
    hits.push(req.url ?? '')
    const routes: Record<string, () => void> = {
      '/tone.mp3': () => res.writeHead(200, { 'content-type': 'audio/mpeg; charset=binary' }).end(mp3),
      '/redirect-ok': () => res.writeHead(302, { location: '/tone.mp3' }).end(),
      '/redirect-metadata': () => res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end(),
      '/redirect-loopback': () => res.writeHead(307, { location: `${origin.replace('127.0.0.1', '[::1]')}/tone.mp3` }).end(),
      '/redirect-file': () => res.writeHead(302, { location: 'file:///etc/passwd' }).end(),
      '/redirect-forever': () => res.writeHead(302, { location: '/redirect-forever' }).end(),
      '/big': () => {
        res.writeHead(200, { 'content-type': 'audio/mpeg' })
        res.end(Buffer.concat([mp3, Buffer.alloc(MAX)]))
      },
      '/big-declared': () => res.writeHead(200, { 'content-type': 'audio/mpeg', 'content-length': String(MAX + 1) }).end(),
      '/slow': () => {
        res.writeHead(200, { 'content-type': 'audio/mpeg' })
        res.write(mp3.subarray(0, 100))
      },
      '/page.html': () => res.writeHead(200, { 'content-type': 'text/html' }).end('<html></html>'),
      '/liar.mp3': () => res.writeHead(200, { 'content-type': 'audio/mpeg' }).end('<html><script>alert(1)</script></html>'),
    }
    const route = routes[req.url ?? '']
    if (route === undefined) res.writeHead(404).end()
    else route()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  if (address === null || typeof address === 'string') throw new Error('no port')
  origin = `http://127.0.0.1:${address.port}`
})
afterAll(async () => {
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
  await temp.remove()
})

const options = (overrides: Partial<FetchRemoteOptions> = {}): FetchRemoteOptions => ({
  maxBytes: MAX,
  allowedContentTypes: AUDIO_URL_TYPES,
  timeoutMs: 2000,
  dir: temp.dir,
  ...overrides,
})
/** The only fetcher that may reach the local test server: 127.0.0.1 is trusted by constructor, for tests. */
const testFetcher = createRemoteFetcher({ trustedTestAddresses: ['127.0.0.1'] })

async function problemOf(work: Promise<unknown>): Promise<string> {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  )
  return error instanceof RemoteFetchError ? error.problem : `not refused: ${String(error)}`
}
const partialFiles = async (): Promise<string[]> => (await readdir(temp.dir)).filter((name) => name.startsWith('remote-') && name.endsWith('.part'))

describe('fetchRemoteToFile', () => {
  it('downloads an audio URL, naming the file by its sniffed type', async () => {
    const file = await testFetcher.fetchRemoteToFile(`${origin}/tone.mp3`, options())
    expect(file.contentType).toBe('audio/mpeg')
    expect(file.path).toMatch(/\.mp3$/)
    expect(file.bytes).toBe(mp3.length)
    expect((await readFile(file.path)).equals(mp3)).toBe(true)
  })

  it('follows a redirect to an allowed address', async () => {
    const file = await testFetcher.fetchRemoteToFile(`${origin}/redirect-ok`, options())
    expect(file.bytes).toBe(mp3.length)
  })

  it.each([
    'file:///etc/passwd',
    'ftp://example.com/a.mp3',
    'data:audio/mpeg;base64,AAAA',
    'http://127.0.0.1/a.mp3',
    'http://localhost/a.mp3',
    'http://[::1]/a.mp3',
    'http://10.1.2.3/a.mp3',
    'http://172.16.0.9/a.mp3',
    'http://192.168.1.1/a.mp3',
    'http://100.64.0.1/a.mp3',
    'http://169.254.169.254/latest/meta-data/',
    'http://0.0.0.0/a.mp3',
    'http://[::]/a.mp3',
    'http://[::ffff:127.0.0.1]/a.mp3',
    'http://[fe80::1]/a.mp3',
    'http://[fd00::1]/a.mp3',
    'http://224.0.0.1/a.mp3',
    'http://2130706433/a.mp3',
    'http://0177.0.0.1/a.mp3',
    'http://0x7f000001/a.mp3',
    'http://127.1/a.mp3',
    'http://user:secret@example.com/a.mp3',
    'not a url',
  ])('refuses %s', async (url) => {
    expect(await problemOf(fetchRemoteToFile(url, options()))).toBe('url_not_allowed')
  })

  it('refuses the local test server itself without the test allow-list, without connecting', async () => {
    const before = hits.length
    expect(await problemOf(fetchRemoteToFile(`${origin}/tone.mp3`, options()))).toBe('url_not_allowed')
    expect(hits.length).toBe(before)
  })

  it('connects to the address it checked (pinned), not to a fresh DNS answer', async () => {
    const fetcher = createRemoteFetcher({ trustedTestAddresses: ['127.0.0.1'], resolveHost: async () => [{ address: '127.0.0.1', family: 4 }] })
    // "media.invalid" has no DNS entry: the download only works through the pinned address.
    const file = await fetcher.fetchRemoteToFile(`${origin.replace('127.0.0.1', 'media.invalid')}/tone.mp3`, options())
    expect(file.bytes).toBe(mp3.length)
  })

  it('refuses host names that resolve to private addresses, even one among public ones', async () => {
    const fetcher = createRemoteFetcher({
      resolveHost: async (host) =>
        host === 'mixed.example'
          ? [
              { address: '93.184.216.34', family: 4 },
              { address: '10.0.0.7', family: 4 },
            ]
          : [{ address: '192.168.0.10', family: 4 }],
    })
    expect(await problemOf(fetcher.fetchRemoteToFile('http://internal.example/a.mp3', options()))).toBe('url_not_allowed')
    expect(await problemOf(fetcher.fetchRemoteToFile('https://mixed.example/a.mp3', options()))).toBe('url_not_allowed')
  })

  it.each([
    ['/redirect-metadata', 'url_not_allowed'],
    ['/redirect-loopback', 'url_not_allowed'],
    ['/redirect-file', 'url_not_allowed'],
    ['/redirect-forever', 'upstream_failed'],
  ])('re-checks every redirect hop: %s', async (route, problem) => {
    expect(await problemOf(testFetcher.fetchRemoteToFile(`${origin}${route}`, options()))).toBe(problem)
  })

  it('caps the size, declared or streamed, leaving no partial file', async () => {
    expect(await problemOf(testFetcher.fetchRemoteToFile(`${origin}/big-declared`, options()))).toBe('too_large')
    expect(await problemOf(testFetcher.fetchRemoteToFile(`${origin}/big`, options()))).toBe('too_large')
    expect(await partialFiles()).toEqual([])
  })

  it('gives up on a body that stalls', async () => {
    expect(await problemOf(testFetcher.fetchRemoteToFile(`${origin}/slow`, options({ timeoutMs: 300 })))).toBe('timeout')
    expect(await partialFiles()).toEqual([])
  })

  it('checks the declared content type and the bytes', async () => {
    expect(await problemOf(testFetcher.fetchRemoteToFile(`${origin}/page.html`, options()))).toBe('invalid_type')
    expect(await problemOf(testFetcher.fetchRemoteToFile(`${origin}/liar.mp3`, options()))).toBe('invalid_type')
    expect(await problemOf(testFetcher.fetchRemoteToFile(`${origin}/missing.mp3`, options()))).toBe('upstream_failed')
  })
})

const answer = (problem: RemoteFetchError['problem']): unknown => remoteFetchApiError(new RemoteFetchError(problem, 'x'))

describe('remoteFetchApiError', () => {
  it('answers each refusal with its status and code', () => {
    expect(answer('url_not_allowed')).toMatchObject({ status: 400, code: 'url_not_allowed' })
    expect(answer('invalid_type')).toMatchObject({ status: 415, code: 'invalid_file_type' })
    expect(answer('too_large')).toMatchObject({ status: 413, code: 'file_too_large' })
    expect(answer('timeout')).toBeInstanceOf(ApiError)
  })
})
