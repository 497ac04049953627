import { afterEach, describe, expect, it } from 'vitest'
import { hasPersistedIdentity } from './persisted-identity'

// The identity SDK's own storage, as Firebase Auth writes it (a real IndexedDB: fake-indexeddb).

function deleteDatabase(name: string): Promise<void> {
  return new Promise((resolve) => {
    const request = indexedDB.deleteDatabase(name)
    request.addEventListener('success', () => resolve())
    request.addEventListener('error', () => resolve())
  })
}

function databaseNames(): Promise<string[]> {
  return indexedDB.databases().then((list) => list.map((db) => db.name ?? ''))
}

function storeSdkEntry(key: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open('firebaseLocalStorageDb', 1)
    open.addEventListener('upgradeneeded', () => open.result.createObjectStore('firebaseLocalStorage', { keyPath: 'fbase_key' }))
    open.addEventListener('error', () => reject(open.error))
    open.addEventListener('success', () => {
      const put = open.result.transaction('firebaseLocalStorage', 'readwrite').objectStore('firebaseLocalStorage').put({ fbase_key: key, value: {} })
      put.addEventListener('success', () => {
        open.result.close()
        resolve()
      })
    })
  })
}

afterEach(async () => {
  localStorage.clear()
  await deleteDatabase('firebaseLocalStorageDb')
})

describe('hasPersistedIdentity', () => {
  it('finds a user the SDK kept in IndexedDB', async () => {
    await storeSdkEntry('firebase:authUser:demo-api-key:[DEFAULT]')
    expect(await hasPersistedIdentity()).toBe(true)
  })

  it('finds none in a database without a user, and none without a database, which looking does not create', async () => {
    await storeSdkEntry('firebase:persistence:demo-api-key:[DEFAULT]')
    expect(await hasPersistedIdentity()).toBe(false)
    await deleteDatabase('firebaseLocalStorageDb')
    expect(await hasPersistedIdentity()).toBe(false)
    expect(await databaseNames()).not.toContain('firebaseLocalStorageDb')
  })

  it('finds a user the SDK kept in localStorage', async () => {
    localStorage.setItem('firebase:authUser:demo-api-key:[DEFAULT]', '{}')
    expect(await hasPersistedIdentity()).toBe(true)
  })
})
