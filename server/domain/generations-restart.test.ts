import { spawn, type ChildProcess } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { startResponseSchema, type StatusResponse } from '../../contract/generations.ts'
import { startFakeFalServer, type FakeFalServer } from '../providers/fal/fake-fal-server.ts'
import { createMediaFixtures, type MediaFixtures } from '../providers/testing/fixtures.ts'
import { balanceOf, ledgerKeysOf } from '../providers/testing/job-helpers.ts'
import { authEmulatorHost, createSignedInUser, createTestServer, testDatabases, type TestServer, type TestUser } from '../test/harness.ts'

// quality.md: killing the server right after a job was submitted and starting
// it again loses nothing: the job finishes (or fails and is refunded).

const CHILD = fileURLToPath(new URL('../providers/testing/generation-server.child.ts', import.meta.url))
const FAL_KEY = 'fake-key:secret'

interface Child {
  process: ChildProcess
  origin: string
}

const children: ChildProcess[] = []

function startChild(server: TestServer, env: Record<string, string>): Promise<Child> {
  const database = server.config.database
  const child = spawn(process.execPath, [CHILD], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: server.dataDir,
      DATABASE_URL: database.kind === 'postgres' ? database.url : database.file,
      FIREBASE_AUTH_EMULATOR_HOST: authEmulatorHost(),
      FIREBASE_PROJECT_ID: server.config.firebase.projectId,
      GENERATION_POLL_INTERVAL_MS: '100',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  children.push(child)
  return new Promise((resolve, reject) => {
    let out = ''
    let err = ''
    child.stderr?.on('data', (chunk: Buffer) => (err += chunk.toString()))
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString()
      const port = /listening (\d+)/.exec(out)?.[1]
      if (port !== undefined) resolve({ process: child, origin: `http://127.0.0.1:${port}` })
    })
    child.on('exit', (code) => reject(new Error(`the server process exited (${String(code)}): ${err}`)))
  })
}

async function call(child: Child, route: string, user: TestUser, json: unknown): Promise<Response> {
  return fetch(`${child.origin}/api/fal/v1${route}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${user.idToken}`, 'content-type': 'application/json' },
    body: JSON.stringify(json),
  })
}

function kill(child: Child): Promise<void> {
  return new Promise((resolve) => {
    child.process.once('exit', () => resolve())
    child.process.kill('SIGKILL')
  })
}

async function waitForEnd(child: Child, user: TestUser, requestId: string): Promise<StatusResponse> {
  const deadline = Date.now() + 120_000
  while (Date.now() < deadline) {
    const status: StatusResponse = await (await call(child, '/generatedVideo', user, { request_id: requestId })).json()
    if (status.status === 'completed' || status.status === 'failed') return status
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error('the job did not end after the restart')
}

const ugcBody = (user: TestUser, duration: number) => ({
  prompt: 'A chef tastes the soup',
  pro_mode: false,
  aspect_ratio: '9:16',
  resolution: '1080p',
  duration,
  user_email: user.email,
  user_id: user.id,
})

describe.each(testDatabases)('kill and restart on %s', (database) => {
  let server: TestServer
  let fixtures: MediaFixtures
  let fake: FakeFalServer

  beforeAll(async () => {
    server = await createTestServer({ database })
    fixtures = await createMediaFixtures()
    fake = await startFakeFalServer({ credentials: FAL_KEY, videoFile: fixtures.videoFile })
  })
  afterEach(() => {
    for (const child of children.splice(0)) child.kill('SIGKILL')
  })
  afterAll(async () => {
    await fake.close()
    await fixtures.remove()
    await server.close()
  })

  it('finishes a local render that was running when the server was killed', async () => {
    const olga = await createSignedInUser(server, { credits: 5 })
    const first = await startChild(server, {})
    const res = await call(first, '/generate', olga, ugcBody(olga, 4))
    expect(res.status).toBe(200)
    const { requestId } = startResponseSchema.parse(await res.json())
    await kill(first)

    const row = await server.db.selectFrom('generations').selectAll().where('id', '=', requestId).executeTakeFirstOrThrow()
    expect(['queued', 'running']).toContain(row.status)
    expect(row.provider_request_id).not.toBeNull()

    const second = await startChild(server, {})
    const end = await waitForEnd(second, olga, requestId)
    expect(end.status).toBe('completed')
    expect(end.outputUrl).toMatch(/\/media\/[0-9a-f-]+\.mp4\?exp=\d+&sig=[\w-]+$/)
    expect(await balanceOf(server.db, olga.id)).toBe(325)
    expect(await ledgerKeysOf(server.db, olga.id)).not.toContain(`job:${requestId}:refund`)
  })

  it('fails and refunds a fal job that failed while the server was down', async () => {
    const paul = await createSignedInUser(server, { credits: 5 })
    const env = { GENERATION_PROVIDER: 'fal', FAL_KEY, FAL_QUEUE_URL: fake.url }
    fake.nextScript({ queuedPolls: 2, failure: { via: 'result-error', httpStatus: 500 } })
    const first = await startChild(server, env)
    const res = await call(first, '/generate', paul, ugcBody(paul, 5))
    const { requestId } = startResponseSchema.parse(await res.json())
    await kill(first)
    expect(await balanceOf(server.db, paul.id)).toBe(325)

    const second = await startChild(server, env)
    const end = await waitForEnd(second, paul, requestId)
    expect(end.status).toBe('failed')
    expect(await balanceOf(server.db, paul.id)).toBe(500)
    expect((await ledgerKeysOf(server.db, paul.id)).filter((key) => key === `job:${requestId}:refund`)).toHaveLength(1)
  })
})
