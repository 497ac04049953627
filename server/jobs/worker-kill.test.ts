import type { ChildProcess } from 'node:child_process'
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { startResponseSchema } from '../../contract/generations.ts'
import { findJob } from '../domain/generations-jobs.ts'
import type { JobRow } from '../db/schema-generations.ts'
import { createGenerationTestApp, type GenerationTestApp } from '../testing/generation-app.ts'
import { balanceOf, ledgerKeysOf, ugcRequest, until } from '../testing/job-helpers.ts'
import { killHard, serverProcesses, type ServerProcesses } from '../testing/processes.ts'
import { createSignedInUser, createTestServer, testDatabases, type TestServer } from '../testing/harness.ts'

// docs/quality.md reliability (docs/decisions/0210, 0214): `kill -9` of the worker
// holding a job's lease mid-render. Its ffmpeg dies with it (no orphan keeps
// rendering for nobody); another worker takes the job over within the lease
// time and finishes it; the dead run's temp folders are removed; the user is
// charged once and never refunded.

const LEASE_SECONDS = 3
/** A render of a 10 s clip under load: what these waits allow unless they say otherwise. */
const WAIT_MS = 60_000

function startWorker(processes: ServerProcesses, server: TestServer, tmp: string): Promise<ChildProcess> {
  const database = server.config.database
  const env = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    DATA_DIR: server.dataDir,
    DATABASE_URL: database.kind === 'postgres' ? database.url : database.file,
    JOB_LEASE_SECONDS: String(LEASE_SECONDS),
    WORKER_POLL_MS: '100',
    JOB_EVENTS_POLL_MS: '50',
    // This test's own temp root: the workers clean up only what is theirs to see.
    TMPDIR: tmp,
  }
  return processes.start('server/worker.ts', env, (out) => out.includes('"msg":"worker started"'))
}

/** Processes whose command line names one of `pid`'s render folders: its ffmpeg. */
async function rendersOf(pid: number): Promise<number[]> {
  const marker = `actorly-render-${pid}-`
  const found: number[] = []
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    const commandLine = await readFile(`/proc/${entry}/cmdline`, 'utf8').catch(() => '')
    if (commandLine.includes(marker)) found.push(Number(entry))
  }
  return found
}

async function workDirsOf(tmp: string, pid: number): Promise<string[]> {
  return (await readdir(tmp)).filter((name) => name.includes(`-${pid}-`))
}

const heldBy = (row: JobRow | undefined, child: ChildProcess): boolean => row?.lease_owner?.includes(`:${String(child.pid)}:`) === true

describe.runIf(process.platform === 'linux').each(testDatabases)('a worker killed with -9 on %s', (database) => {
  const processes = serverProcesses()
  let server: TestServer
  let api: GenerationTestApp
  let tmp: string

  beforeAll(async () => {
    server = await createTestServer({ database })
    api = await createGenerationTestApp(server, { worker: false })
    tmp = await mkdtemp(path.join(os.tmpdir(), 'actorly-kill-test-'))
  })
  afterEach(() => {
    processes.killAll()
  })
  afterAll(async () => {
    await api.close()
    await server.close()
    await rm(tmp, { recursive: true, force: true })
  })

  it('leaves no ffmpeg running; another worker finishes the job within the lease time and removes the dead run’s folders', async () => {
    const olga = await createSignedInUser(server, { credits: 5 })
    const res = await api.request('/api/fal/v1/generate', { token: olga.idToken, json: ugcRequest(olga, { prompt: 'A chef tastes the soup', duration: 10 }) })
    const { requestId } = startResponseSchema.parse(await res.json())

    const first = await startWorker(processes, server, tmp)
    await until(
      () => findJob(server.db, requestId),
      (row) => heldBy(row, first) && (row?.progress_current ?? 0) > 0,
      'the first worker to render',
      WAIT_MS,
    )
    expect(await rendersOf(first.pid ?? 0)).not.toEqual([])
    expect(await workDirsOf(tmp, first.pid ?? 0)).not.toEqual([])
    const second = await startWorker(processes, server, tmp)

    const killedAt = Date.now()
    await killHard(first)
    // The kernel ends ffmpeg with its parent; it does not render on for nobody.
    await until(
      () => rendersOf(first.pid ?? 0),
      (pids) => pids.length === 0,
      'the dead worker’s ffmpeg to end',
      2_000,
    )

    await until(
      () => findJob(server.db, requestId),
      (row) => heldBy(row, second),
      'the second worker to take the job over',
      WAIT_MS,
    )
    expect(Date.now() - killedAt).toBeLessThanOrEqual(LEASE_SECONDS * 1000 + 1_500)
    const done = await until(
      () => findJob(server.db, requestId),
      (row) => row?.status === 'completed' || row?.status === 'failed',
      'the job to end',
      120_000,
    )
    expect(done).toMatchObject({ status: 'completed', claims: 2, lease_owner: null })
    expect(await balanceOf(server.db, olga.id)).toBe(325)
    expect(await ledgerKeysOf(server.db, olga.id)).not.toContain(`job:${requestId}:refund`)
    // The second worker removed what the killed one left.
    await until(
      () => workDirsOf(tmp, first.pid ?? 0),
      (names) => names.length === 0,
      'the dead run’s temp folders to go',
      5_000,
    )
  })
})
