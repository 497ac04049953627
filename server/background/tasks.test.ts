import { Writable } from 'node:stream'
import { pino } from 'pino'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createLogMailer } from '../mail/mailer.ts'
import { createTestServer, type TestServer } from '../test/harness.ts'
import { startBackgroundTasks } from './tasks.ts'

// The server process's background tasks, as main.ts starts them: a new
// support message is printed to the log when no SMTP server is configured.

let server: TestServer
beforeAll(async () => {
  server = await createTestServer()
})
afterAll(() => server.close())

it('prints a new contact message to the log, once, and stops cleanly', async () => {
  const lines: string[] = []
  const logger = pino(
    { level: 'info' },
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString())
        done()
      },
    }),
  )
  const res = await server.request('/api/messages/v1/new', { json: { userId: null, email: 'visitor@example.test', type: 'contact', message: 'Hello, anyone reading?' } })
  expect(res.status).toBe(200)

  const tasks = startBackgroundTasks({ ...server.background, logger, mailer: createLogMailer(logger) })
  try {
    await expect.poll(() => lines.filter((line) => line.includes('Hello, anyone reading?')).length, { timeout: 10_000 }).toBe(1)
  } finally {
    await tasks.stop()
  }
  const row = await server.db.selectFrom('outbox').select('status').executeTakeFirstOrThrow()
  expect(row.status).toBe('sent')
})
