import { spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { afterEach, describe, expect, it } from 'vitest'
import { migrations } from './migrations/index.ts'

// `npm start` boots the API server and a worker on one fresh SQLite file at the
// same moment: both migrate it, and neither may find the other's tables half made.

const opener = path.resolve(import.meta.dirname, 'database.ts')
const script = `
  const { openDatabase } = await import(${JSON.stringify(opener)})
  const handle = await openDatabase({ database: { kind: 'sqlite', file: process.argv[1] } })
  await handle.destroy()
`

function migrateInAProcess(file: string): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, ['--input-type=module', '-e', script, file], { stdio: ['ignore', 'ignore', 'pipe'] })
  let stderr = ''
  child.stderr.on('data', (data: Buffer) => (stderr += data.toString()))
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stderr })))
}

let dir: string | undefined
afterEach(async () => {
  if (dir !== undefined) await rm(dir, { recursive: true, force: true })
})

describe('migrations on SQLite', () => {
  it('run once when several processes open a fresh file at the same time', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'actorly-migrate-'))
    const file = path.join(dir, 'app.sqlite')
    const runs = await Promise.all([1, 2, 3, 4].map(() => migrateInAProcess(file)))
    expect(runs.map((run) => (run.code === 0 ? 'ok' : run.stderr))).toEqual(['ok', 'ok', 'ok', 'ok'])
    const database = new DatabaseSync(file)
    const done = database.prepare('select name from kysely_migration order by name').all()
    database.close()
    expect(done.map((row) => row.name)).toEqual(migrations.map((migration) => migration.name))
  })
})
