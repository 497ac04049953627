import { describe, expect, it } from 'vitest'
import { migrations } from './index.ts'

// Kysely's migrator orders migrations by name and refuses a database that already
// ran a name after a new one ("corrupted migrations"): a migration numbered below
// a shipped one would stop every existing database from booting.
describe('the migration list', () => {
  it('is in the order of the names, each numbered NNNN_ and unique', () => {
    const names = migrations.map((migration) => migration.name)
    expect(names.every((name) => /^\d{4}_[a-z0-9_]+$/.test(name))).toBe(true)
    expect(names).toEqual([...new Set(names)].sort())
  })
})
