import { liveQuery } from 'dexie'
import { deviceDb, type JobOutcome, type JobProgress, type PendingJob } from './device-db'

// Started generations as this device keeps them (docs/decisions/0131, 0311): a job's
// row is written before its first poll; the polling tab writes its progress and its
// outcome onto it; every tab reads the rows live, so all of them show the same.
//
// Where IndexedDB refuses (site data blocked), the rows this tab writes are kept in
// its memory instead: a job started here still runs and shows here, though other
// tabs and a reload cannot see it.

const inMemory = new Map<string, PendingJob>()
const memoryWatchers = new Set<() => void>()

function changeInMemory(requestId: string, change: (row: PendingJob) => PendingJob | null): boolean {
  const row = inMemory.get(requestId)
  if (row === undefined) return false
  const next = change(row)
  if (next === null) inMemory.delete(requestId)
  else inMemory.set(requestId, next)
  for (const watcher of memoryWatchers) watcher()
  return true
}

/** Calls `onRows` with `uid`'s rows (only that account's: a shared device never shows another's), now and after every change; answers a stop. */
export function watchJobRows(uid: string, onRows: (rows: readonly PendingJob[]) => void): () => void {
  let stored: readonly PendingJob[] | null = null
  let told = false
  const emit = () => {
    const kept = [...inMemory.values()].filter((row) => row.uid === uid)
    // Until the device answers, only rows this tab keeps are news (and their removal, once told).
    if (stored === null && kept.length === 0 && !told) return
    told = true
    onRows([...(stored ?? []), ...kept])
  }
  const subscription = liveQuery(() => deviceDb.jobs.where('uid').equals(uid).toArray()).subscribe({
    next: (rows) => {
      stored = rows
      emit()
    },
    // Storage unavailable: the rows this tab keeps in memory still show.
    error: () => undefined,
  })
  memoryWatchers.add(emit)
  return () => {
    subscription.unsubscribe()
    memoryWatchers.delete(emit)
  }
}

/** A job just started (before its first poll, so a reload resumes it). */
export async function putJobRow(job: PendingJob): Promise<void> {
  try {
    await deviceDb.jobs.put(job)
  } catch {
    inMemory.set(job.requestId, job)
    for (const watcher of memoryWatchers) watcher()
  }
}

/** What the polling tab now shows for a running job. */
export async function showJobProgress(requestId: string, progress: JobProgress): Promise<void> {
  if (changeInMemory(requestId, (row) => ({ ...row, progress }))) return
  await deviceDb.jobs.update(requestId, { progress }).catch(() => undefined)
}

/** How a job ended; the row stays until a screen has shown it. */
export async function endJobRow(requestId: string, outcome: JobOutcome): Promise<void> {
  if (changeInMemory(requestId, (row) => ({ ...row, outcome }))) return
  await deviceDb.jobs.update(requestId, { outcome }).catch(() => undefined)
}

/** Rows whose outcome a screen has shown. */
export async function deleteJobRows(requestIds: readonly string[]): Promise<void> {
  const stored = requestIds.filter((requestId) => !changeInMemory(requestId, () => null))
  await deviceDb.jobs.bulkDelete(stored).catch(() => undefined)
}

/** The job's row on this device, if it follows the job (the service worker's notification clicks). */
export async function jobRow(requestId: string): Promise<PendingJob | undefined> {
  return deviceDb.jobs.get(requestId).catch(() => undefined)
}
