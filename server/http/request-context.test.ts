import { createHash } from 'node:crypto'
import { Writable } from 'node:stream'
import { Hono } from 'hono'
import { pino } from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestServer, type TestServer } from '../testing/harness.ts'
import type { AppEnv } from './env.ts'
import { handleError, handleNotFound } from './error-handler.ts'
import { requestContext } from './request-context.ts'

// The request log names a user by id or by a hash of an address, never by the
// address itself, also when the address is in the path (docs/decisions/0268).

describe('the request log line', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await createTestServer()
  })
  afterAll(() => server.close())

  it('carries a hash in place of an address in the path', async () => {
    const lines: string[] = []
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString())
        done()
      },
    })
    const app = new Hono<AppEnv>()
    app.use('*', requestContext(pino({ level: 'info' }, sink), { verifier: server.verifier, db: server.db, identityExists: async () => true }))
    app.onError(handleError)
    app.notFound(handleNotFound)
    await app.request('/api/users/v1/Ada.Lovelace%40Example.test/status')
    await app.request('/api/users/v1/ada.lovelace@example.test')

    const logged = lines.map((line) => JSON.parse(line) as { path: string })
    const hash = createHash('sha256').update('ada.lovelace@example.test').digest('hex').slice(0, 12)
    expect(logged.map((line) => line.path)).toEqual([`/api/users/v1/email:${hash}/status`, `/api/users/v1/email:${hash}`])
    expect(lines.join('').toLowerCase()).not.toMatch(/lovelace(@|%40)/)
  })
})
