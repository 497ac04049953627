import { mkdtemp, rm } from 'node:fs/promises'
import { DatabaseSync } from 'node:sqlite'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Kysely } from 'kysely'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { NodeSqliteDialect } from './node-sqlite-dialect.ts'

// The node:sqlite adapter reuses one prepared statement per SQL text (decision 0092).

type Schema = { item: { id: number; label: string } }

let dir: string
let db: Kysely<Schema>

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'actorly-dialect-'))
  db = new Kysely<Schema>({ dialect: new NodeSqliteDialect(path.join(dir, 'test.sqlite')) })
  await db.schema
    .createTable('item')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('label', 'text', (c) => c.notNull())
    .execute()
})

afterEach(async () => {
  await db.destroy()
  await rm(dir, { recursive: true, force: true })
})

const labelOf = (id: number) => db.selectFrom('item').select('label').where('id', '=', id).executeTakeFirst()

describe('NodeSqliteDialect', () => {
  it('prepares a query once and answers each run with its own parameters', async () => {
    await db
      .insertInto('item')
      .values([
        { id: 1, label: 'one' },
        { id: 2, label: 'two' },
      ])
      .execute()
    const prepare = vi.spyOn(DatabaseSync.prototype, 'prepare')
    expect(await labelOf(1)).toEqual({ label: 'one' })
    expect(await labelOf(2)).toEqual({ label: 'two' })
    expect(await labelOf(3)).toBeUndefined()
    expect(prepare.mock.calls.filter(([sql]) => sql.startsWith('select'))).toHaveLength(1)
  })

  it('keeps using a statement after it failed', async () => {
    const insert = (id: number) =>
      db
        .insertInto('item')
        .values({ id, label: `item ${id}` })
        .execute()
    await insert(1)
    await expect(insert(1)).rejects.toThrow(/UNIQUE/)
    await insert(2)
    expect(await db.selectFrom('item').select('id').orderBy('id').execute()).toEqual([{ id: 1 }, { id: 2 }])
  })

  it('reports changes and returned rows of a reused write', async () => {
    await db
      .insertInto('item')
      .values([
        { id: 1, label: 'one' },
        { id: 2, label: 'two' },
      ])
      .execute()
    const rename = (id: number) => db.updateTable('item').set({ label: 'renamed' }).where('id', '=', id).returning('id').execute()
    expect(await rename(1)).toEqual([{ id: 1 }])
    expect(await rename(2)).toEqual([{ id: 2 }])
    const removed = await db.deleteFrom('item').where('id', '=', 9).executeTakeFirst()
    expect(removed.numDeletedRows).toBe(0n)
  })

  it('streams rows of a query that is also cached', async () => {
    await db
      .insertInto('item')
      .values([
        { id: 1, label: 'one' },
        { id: 2, label: 'two' },
      ])
      .execute()
    const everything = () => db.selectFrom('item').select('id').orderBy('id')
    expect(await everything().execute()).toHaveLength(2)
    const streamed: number[] = []
    for await (const row of everything().stream()) streamed.push(row.id)
    expect(streamed).toEqual([1, 2])
  })
})
