import { Dexie } from 'dexie'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { databaseMayExist } from './database-exists'

describe('databaseMayExist', () => {
  afterEach(async () => {
    await Dexie.delete('database-exists-test')
  })

  it('is false for a database this origin never made, and true once it exists', async () => {
    expect(await databaseMayExist('database-exists-test')).toBe(false)
    const database = new Dexie('database-exists-test')
    database.version(1).stores({ rows: 'id' })
    await database.open()
    database.close()
    expect(await databaseMayExist('database-exists-test')).toBe(true)
  })

  it('is true when the browser cannot say', async () => {
    vi.spyOn(indexedDB, 'databases').mockRejectedValue(new Error('not allowed'))
    expect(await databaseMayExist('database-exists-test')).toBe(true)
  })
})
