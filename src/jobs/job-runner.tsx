import { useQueryClient } from '@tanstack/react-query'
import { createContext, lazy, Suspense, useContext, useEffect, useMemo, useRef, useSyncExternalStore, type ReactNode } from 'react'
import { afterJobEnded } from '@/api/server-state'
import type { PendingJob } from '@/device/device-db'
import { isSignedIn, useSession, useSessionActions, type Session } from '@/session/session'
import { createJobBoard, runningJob, viewOf, type JobBoard } from './job-board'
import { chargeOf, isDemoAccount } from './job-config'
import { useJobNotification } from './job-notification'
import type { JobOutcome } from './job-progress'
import { usePollLeader } from './poll-leader'
import type { JobKind, JobParams, JobView } from './types'

// The generation engine every generator screen uses (spec §4 Generation, §7;
// docs/decisions/0070, 0131): start with the status-first checks, poll, ease the
// percent, finish, and resume after a reload from the device's job rows.

// The device's job rows (Dexie), the start and status calls (ky, the contract's
// schemas) and the poller load only for someone signed in: a signed-out visit to a
// generator screen needs none of them (docs/decisions/0203).
const jobRows = () => import('@/device/job-rows')
const JobSyncHost = lazy(() => import('./job-sync-host').then((module) => ({ default: module.JobSyncHost })))

interface JobRunner {
  board: JobBoard
  start(params: JobParams): Promise<void>
  dismiss(kind: JobKind): void
}

const JobRunnerContext = createContext<JobRunner | null>(null)

function useJobRunner(): JobRunner {
  const runner = useContext(JobRunnerContext)
  if (runner === null) throw new Error('useJob needs a JobRunnerProvider (src/app/shell/app-shell.tsx)')
  return runner
}

/** Removes a kind's ended rows: their outcome now lives in the tab's view. */
function forgetEnded(board: JobBoard, kind: JobKind): void {
  const ended = board.getSnapshot().rows.filter((row) => row.kind === kind && row.outcome !== undefined)
  if (ended.length > 0)
    jobRows()
      .then(({ deleteJobRows }) => deleteJobRows(ended.map((row) => row.requestId)))
      .catch(() => undefined)
}

async function startOn(board: JobBoard, session: Session, params: JobParams): Promise<void> {
  if (!isSignedIn(session) || session.record === null) {
    board.setLocal(params.kind, { phase: 'failed', failure: { code: 'user_credential' } })
    return
  }
  board.setLocal(params.kind, { phase: 'starting' })
  const { user, record } = session
  const { startJob } = await import('./start-job')
  const outcome = await startJob(params, { uid: user.uid, email: user.email, userId: record._id, demo: isDemoAccount(user.email) })
  if (outcome.status === 'refused') {
    board.setLocal(params.kind, outcome.view)
    return
  }
  // The row is written before the first poll (docs/decisions/0131), so a reload resumes the job; the
  // screen shows 'starting' until the row comes back from the device as running.
  await jobRows()
    .then(({ putJobRow }) => putJobRow(outcome.job))
    .catch(() => undefined)
}

export interface JobRunnerProviderProps {
  children: ReactNode
  /** Every tab that saw a job running hears once that it ended (the shell shows a toast). */
  onJobEnded?: (job: PendingJob, outcome: JobOutcome) => void
}

export function JobRunnerProvider({ children, onJobEnded }: JobRunnerProviderProps) {
  const session = useSession()
  const { adjustCredits } = useSessionActions()
  const serverState = useQueryClient()
  const uid = isSignedIn(session) ? session.user.uid : null
  const board = useMemo(() => createJobBoard(uid), [uid])
  const leader = usePollLeader(uid)
  const notify = useJobNotification()

  // The latest render's session and callbacks, for work that outlives a render (a start call, a poll's end).
  const latest = useRef({ session, leader, onJobEnded, notify, adjustCredits })
  useEffect(() => {
    latest.current = { session, leader, onJobEnded, notify, adjustCredits }
  })

  useEffect(
    () =>
      board.onSettled((job, outcome) => {
        const now = latest.current
        // spec §4/§9: credits are deducted locally on completion; then the record has the server's word,
        // and the gallery shows the new video (docs/decisions/0300).
        if (outcome.status === 'completed') now.adjustCredits(-chargeOf(job.params, job.demo))
        void afterJobEnded(serverState, job.uid)
        now.onJobEnded?.(job, outcome)
        if (now.leader) now.notify(job, outcome)
      }),
    [board, serverState],
  )

  const runner = useMemo<JobRunner>(
    () => ({
      board,
      start: (params) => startOn(board, latest.current.session, params),
      dismiss(kind) {
        board.setLocal(kind, null)
        forgetEnded(board, kind)
      },
    }),
    [board],
  )
  return (
    <JobRunnerContext value={runner}>
      {uid !== null && (
        <Suspense fallback={null}>
          <JobSyncHost board={board} uid={uid} leader={leader} />
        </Suspense>
      )}
      {children}
    </JobRunnerContext>
  )
}

function useBoardState(board: JobBoard) {
  // The build renders screens with no jobs on the board (the board is the device's).
  return useSyncExternalStore(board.subscribe, board.getSnapshot, board.getSnapshot)
}

/** The parameters of a job of this kind, typed by its kind. */
function isOfKind<K extends JobKind>(params: JobParams, kind: K): params is Extract<JobParams, { kind: K }> {
  return params.kind === kind
}

/** A generator screen's job of one kind (spec §4 Generation). */
export function useJob<K extends JobKind>(
  kind: K,
): {
  view: JobView
  /** The running job's inputs as it was started, so a form shows them after a reload (docs/decisions/0136). */
  params: Extract<JobParams, { kind: K }> | undefined
  start(params: JobParams): Promise<void>
  dismiss(): void
} {
  const runner = useJobRunner()
  const state = useBoardState(runner.board)
  const view = useMemo(() => viewOf(state, kind), [state, kind])
  const running = runningJob(state, kind)?.params
  const params = running !== undefined && isOfKind(running, kind) ? running : undefined
  // The screen shows an ended job now: its outcome stays in this tab's view, so the row can go.
  useEffect(() => {
    if (state.rows.some((row) => row.kind === kind && row.outcome !== undefined)) forgetEnded(runner.board, kind)
  }, [state.rows, runner.board, kind])
  return useMemo(() => ({ view, params, start: runner.start, dismiss: () => runner.dismiss(kind) }), [view, params, runner, kind])
}

const noJobs = createJobBoard(null)

/** The signed-in user's running job, for the top bar's indicator on every page (none outside a provider). */
export function useRunningJob(): { kind: JobKind; percent: number } | null {
  const runner = useContext(JobRunnerContext)
  const state = useBoardState(runner?.board ?? noJobs)
  const job = runningJob(state)
  if (job === undefined) return null
  return { kind: job.kind, percent: job.progress?.percent ?? 0 }
}

/**
 * The kinds of the signed-in user's jobs on this device, oldest first: running,
 * or ended and not yet shown by a generator screen. Null until the device's
 * rows have been read (and while nobody is signed in).
 */
export function useDeviceJobKinds(): readonly JobKind[] | null {
  const runner = useContext(JobRunnerContext)
  const state = useBoardState(runner?.board ?? noJobs)
  return useMemo(() => (state.loaded ? state.rows.map((row) => row.kind) : null), [state.loaded, state.rows])
}
