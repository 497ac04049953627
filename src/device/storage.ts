// The browser's storage for this origin (StorageManager): how much is used, how
// much may be, and the request that the kept videos survive storage pressure.

export interface StorageFigures {
  /** Bytes this origin uses (all of IndexedDB and Cache Storage). */
  usage: number
  /** Bytes this origin may use at most. */
  quota: number
}

/** The browser's estimate, or null where it gives none (older Safari, some private modes). */
export async function storageEstimate(): Promise<StorageFigures | null> {
  if (typeof navigator === 'undefined' || navigator.storage?.estimate === undefined) return null
  try {
    const { usage, quota } = await navigator.storage.estimate()
    return usage === undefined || quota === undefined ? null : { usage, quota }
  } catch {
    return null
  }
}

let persistenceAsked = false

/**
 * Asks once per page load that this origin's data not be evicted under storage
 * pressure (a kept video is what the user means to watch offline). Chromium
 * decides silently; Firefox may ask the user. Returns whether storage is persistent.
 */
export async function requestPersistentStorage(): Promise<boolean> {
  if (typeof navigator === 'undefined' || navigator.storage?.persist === undefined) return false
  try {
    if (await navigator.storage.persisted()) return true
    if (persistenceAsked) return false
    persistenceAsked = true
    return await navigator.storage.persist()
  } catch {
    return false
  }
}
