import type { PendingJob } from '@/db/device-db'
import { NO_PROGRESS_YET, type JobOutcome, type JobProgress } from './job-progress'
import type { JobKind, JobView } from './types'

// What this tab knows about the signed-in user's generations: the device's job
// rows (Dexie, shared by every tab), the progress the polling tab reports, and
// this tab's own views (starting, refusals, an outcome kept after its row is
// removed). Screens derive their JobView from it; it announces each job this
// tab saw running and then saw end.

export interface BoardState {
  /** Whether the device's rows have been read once (until then `rows` holds only jobs started in this tab). */
  loaded: boolean
  rows: readonly PendingJob[]
  progress: Readonly<Record<string, JobProgress>>
  local: Readonly<Partial<Record<JobKind, JobView>>>
}

export type SettledListener = (job: PendingJob, outcome: JobOutcome) => void

export interface JobBoard {
  /** The Firebase uid whose jobs this board holds (null: nobody signed in). */
  readonly owner: string | null
  getSnapshot(): BoardState
  subscribe(listener: () => void): () => void
  /** The rows as the database has them now (every tab). */
  setRows(rows: readonly PendingJob[]): void
  /** A job this tab just started, shown before the database round trip. */
  addRow(job: PendingJob): void
  /** An outcome this tab's poller saw, shown before the database round trip. */
  settle(requestId: string, outcome: JobOutcome): void
  setProgress(requestId: string, progress: JobProgress): void
  /** This tab's own view of a kind; null clears it (idle, or the running row's view). */
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
  let state: BoardState = { loaded: false, rows: [], progress: {}, local: {} }
  const listeners = new Set<() => void>()
  const settledListeners = new Set<SettledListener>()
  const seenRunning = new Set<string>()
  const shown = new Set<string>()
  /** Outcomes known here before the database has them (a late query must not revive the job). */
  const endedHere = new Map<string, JobOutcome>()

  const publish = (next: BoardState) => {
    state = next
    for (const listener of listeners) listener()
  }

  const accept = (incoming: readonly PendingJob[], fromDevice: boolean) => {
    const rows = incoming
      .map((row) => {
        const outcome = row.outcome ?? endedHere.get(row.requestId)
        return outcome === row.outcome ? row : { ...row, outcome }
      })
      .toSorted((a, b) => a.startedAt - b.startedAt)
    const local = { ...state.local }
    const ended: [PendingJob, JobOutcome][] = []
    for (const row of rows) {
      if (row.outcome === undefined) {
        seenRunning.add(row.requestId)
        continue
      }
      if (shown.has(row.requestId)) continue
      shown.add(row.requestId)
      local[row.kind] = outcomeView(row, row.outcome)
      if (seenRunning.has(row.requestId)) ended.push([row, row.outcome])
    }
    const live = new Set(rows.map((row) => row.requestId))
    const progress = Object.fromEntries(Object.entries(state.progress).filter(([requestId]) => live.has(requestId)))
    publish({ loaded: state.loaded || fromDevice, rows, progress, local })
    for (const [row, outcome] of ended) for (const listener of settledListeners) listener(row, outcome)
  }

  return {
    owner,
    getSnapshot: () => state,
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    setRows: (rows) => accept(rows, true),
    addRow(job) {
      // The device's rows and the job's first answer can both arrive before the start call's
      // own add: a job already known here keeps what it shows (its outcome, if it ended).
      if (state.rows.some((row) => row.requestId === job.requestId) || endedHere.has(job.requestId)) return
      const local = { ...state.local }
      delete local[job.kind]
      state = { ...state, local }
      accept([...state.rows.filter((row) => row.requestId !== job.requestId), job], false)
    },
    settle(requestId, outcome) {
      endedHere.set(requestId, outcome)
      accept(state.rows, false)
    },
    setProgress(requestId, progress) {
      const known = state.progress[requestId]
      if (known?.percent === progress.percent && known.hangTight === progress.hangTight) return
      publish({ ...state, progress: { ...state.progress, [requestId]: progress } })
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
  if (running !== undefined) {
    const progress = state.progress[running.requestId] ?? NO_PROGRESS_YET
    return { phase: 'generating', requestId: running.requestId, ...progress }
  }
  return state.local[kind] ?? { phase: 'idle' }
}
