import { IDENTITY_SDK_STORAGE } from './names'

// Whether the identity SDK left a signed-in user on this device, read straight from
// its storage without loading it: a session from before the session hint existed
// (src/session/session-hint.ts), or a hint lost with cleared site data, is still found.

/** Where Firebase Auth keeps its user (indexedDBLocalPersistence, then browserLocalPersistence). */
const { database: SDK_DATABASE, store: SDK_STORE, userKeyPrefix: USER_KEY_PREFIX } = IDENTITY_SDK_STORAGE

function inLocalStorage(): boolean {
  try {
    return Object.keys(localStorage).some((key) => key.startsWith(USER_KEY_PREFIX))
  } catch {
    return false
  }
}

function inIndexedDb(): Promise<boolean> {
  return new Promise((resolve) => {
    let open: IDBOpenDBRequest
    try {
      open = indexedDB.open(SDK_DATABASE)
    } catch {
      resolve(false)
      return
    }
    // No such database: abort, so looking does not create it.
    open.addEventListener('upgradeneeded', () => open.transaction?.abort())
    open.addEventListener('error', () => resolve(false))
    open.addEventListener('success', () => {
      const db = open.result
      const done = (found: boolean) => {
        db.close()
        resolve(found)
      }
      try {
        if (!db.objectStoreNames.contains(SDK_STORE)) return done(false)
        const keys = db.transaction(SDK_STORE, 'readonly').objectStore(SDK_STORE).getAllKeys()
        keys.addEventListener('success', () => done(keys.result.some((key) => String(key).startsWith(USER_KEY_PREFIX))))
        keys.addEventListener('error', () => done(false))
      } catch {
        done(false)
      }
    })
  })
}

export async function hasPersistedIdentity(): Promise<boolean> {
  if (inLocalStorage()) return true
  return typeof indexedDB !== 'undefined' && inIndexedDb()
}
