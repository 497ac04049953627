import { sharedFiles } from './device-db'

// A file shared to Actorly from another app (the manifest's share_target, issue
// 6 §7): the service worker receives the POST, keeps the file here and opens
// the lip-sync step, which takes it (takeSharedFile). A database of its own,
// not a table in deviceDb: it holds one short-lived handoff, not user data,
// and needs no schema version of the device database (docs/decisions/0172).

/** A share older than this was abandoned (the app never opened it): it is not offered later by surprise. */
const SHARE_MAX_AGE_MS = 60 * 60 * 1000

/** Keeps the shared file, replacing any earlier one (called by the service worker). */
export async function storeSharedFile(file: File): Promise<void> {
  const bytes = await file.arrayBuffer()
  await sharedFiles.put({ id: 'latest', bytes, name: file.name, type: file.type, sharedAt: Date.now() })
}

/** The file shared to the app, once: taking it removes it. Null when none, too old, or unreadable. */
export async function takeSharedFile(now = Date.now()): Promise<File | null> {
  try {
    const row = await sharedFiles.db.transaction('rw', sharedFiles, async () => {
      const latest = await sharedFiles.get('latest')
      await sharedFiles.delete('latest')
      return latest
    })
    if (row === undefined || now - row.sharedAt > SHARE_MAX_AGE_MS) return null
    return new File([row.bytes ?? row.file], row.name, { type: row.type })
  } catch {
    return null
  }
}

/** Drops a share nobody took (sign-out: the next person must not get it). */
export async function discardSharedFile(): Promise<void> {
  await sharedFiles.clear()
}
