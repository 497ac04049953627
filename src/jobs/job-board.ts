import type { PendingJob } from '@/device/device-db'
import { NO_PROGRESS_YET, type JobOutcome } from './job-progress'
import type { JobKind, JobView } from './types'

// What a tab shows of the signed-in user's generations: a selector over the
// device's job rows, which carry each job's progress and outcome (Dexie, read live
// by every tab: docs/decisions/0311), and the tab's own views where no row speaks
// (starting, a refusal, an outcome whose row a screen has removed). It announces
// each job this tab saw running and then saw end.

export interface BoardState {
  /** Whether the device's rows have been read once. */
  loaded: boolean
  /** The rows, oldest first. */
  rows: readonly PendingJob[]
  /** This tab's own view of a kind, shown while no row of that kind runs. */
  local: Readonly<Partial<Record<JobKind, JobView>>>
}

export type SettledListener = (job: PendingJob, outcome: JobOutcome) => void

export interface JobBoard {
  /** The Firebase uid whose jobs this board holds (null: nobody signed in). */
  readonly owner: string | null
  getSnapshot(): BoardState
  subscribe(listener: () => void): () => void
  /** The rows as the device has them now (every tab). */
  setRows(rows: readonly PendingJob[]): void
  /** This tab's own view of a kind; null clears it (idle). */
  setLocal(kind: JobKind, view: JobView | null): void
  onSettled(listener: SettledListener): () => void
}

/** An ended job's view (spec §4: completed with its output URL, or failed with the error shown). */
export function outcomeView(job: PendingJob, outcome: JobOutcome): JobView {
  if (outcome.status === 'completed') return { phase: 'completed', outputUrl: outcome.outputUrl, captions: outcome.captions }
  // spec §4: a consistent-actor status error is shown as the server wrote it.
  if (job.kind === 'consistent' && outcome.error !== '') return { phase: 'failed', failure: { code: 'server', message: outcome.error } }
  return { phase: 'failed', failure: { code: 'failed_to_generate' } }
}

export function createJobBoard(owner: string | null): JobBoard {
  let state: BoardState = { loaded: false, rows: [], local: {} }
  const listeners = new Set<() => void>()
  const settledListeners = new Set<SettledListener>()
  const seenRunning = new Set<string>()
  const seenEnded = new Set<string>()

  const publish = (next: BoardState) => {
    state = next
    for (const listener of listeners) listener()
  }

  return {
    owner,
    getSnapshot: () => state,
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    setRows(incoming) {
      const rows = incoming.toSorted((a, b) => a.startedAt - b.startedAt)
      const local = { ...state.local }
      const ended: [PendingJob, JobOutcome][] = []
      for (const row of rows) {
        if (row.outcome === undefined) {
          // A job of this kind runs now: what this tab showed of the kind before (starting, a refusal) is over.
          if (!seenRunning.has(row.requestId)) delete local[row.kind]
          seenRunning.add(row.requestId)
        } else if (!seenEnded.has(row.requestId)) {
          seenEnded.add(row.requestId)
          // Kept as this tab's view, so the outcome still shows after a screen has removed the row.
          local[row.kind] = outcomeView(row, row.outcome)
          if (seenRunning.has(row.requestId)) ended.push([row, row.outcome])
        }
      }
      publish({ loaded: true, rows, local })
      for (const [row, outcome] of ended) for (const listener of settledListeners) listener(row, outcome)
    },
    setLocal(kind, view) {
      const local = { ...state.local }
      if (view === null) delete local[kind]
      else local[kind] = view
      publish({ ...state, local })
    },
    onSettled(listener) {
      settledListeners.add(listener)
      return () => settledListeners.delete(listener)
    },
  }
}

/** The newest job of a kind still running, if any. */
export function runningJob(state: BoardState, kind?: JobKind): PendingJob | undefined {
  return state.rows.findLast((row) => row.outcome === undefined && (kind === undefined || row.kind === kind))
}

/** What a generator screen shows for its kind. */
export function viewOf(state: BoardState, kind: JobKind): JobView {
  const running = runningJob(state, kind)
  if (running !== undefined) return { phase: 'generating', requestId: running.requestId, ...(running.progress ?? NO_PROGRESS_YET) }
  return state.local[kind] ?? { phase: 'idle' }
}
