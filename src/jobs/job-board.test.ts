import { describe, expect, it, vi } from 'vitest'
import type { PendingJob } from '@/db/device-db'
import { createJobBoard, runningJob, viewOf } from './job-board'
import { pendingJob } from './testing/pending-job'

const done = { status: 'completed', outputUrl: 'https://cdn.test/v.mp4' } as const

describe('createJobBoard', () => {
  it('shows a running row as generating, hang tight until progress arrives', () => {
    const board = createJobBoard('u1')
    board.setRows([pendingJob()])
    expect(viewOf(board.getSnapshot(), 'ugc')).toEqual({ phase: 'generating', requestId: 'r1', percent: 0, hangTight: true })
    board.setProgress('r1', { percent: 12, hangTight: false })
    expect(viewOf(board.getSnapshot(), 'ugc')).toEqual({ phase: 'generating', requestId: 'r1', percent: 12, hangTight: false })
    expect(runningJob(board.getSnapshot())?.requestId).toBe('r1')
    expect(viewOf(board.getSnapshot(), 'lipsync')).toEqual({ phase: 'idle' })
  })

  it('announces a job once, only when this tab saw it running, and keeps its outcome after the row goes', () => {
    const board = createJobBoard('u1')
    const ended = vi.fn<(job: PendingJob) => void>()
    board.onSettled(ended)
    board.setRows([pendingJob()])
    board.setRows([pendingJob({ outcome: done })])
    board.setRows([pendingJob({ outcome: done })])
    expect(ended).toHaveBeenCalledOnce()
    board.setRows([])
    expect(viewOf(board.getSnapshot(), 'ugc')).toEqual({ phase: 'completed', outputUrl: done.outputUrl })
  })

  it('shows an outcome found on the device without announcing it again', () => {
    const board = createJobBoard('u1')
    const ended = vi.fn<(job: PendingJob) => void>()
    board.onSettled(ended)
    board.setRows([pendingJob({ outcome: { status: 'failed', error: 'boom' } })])
    expect(viewOf(board.getSnapshot(), 'ugc')).toEqual({ phase: 'failed', failure: { code: 'failed_to_generate' } })
    expect(ended).not.toHaveBeenCalled()
  })

  it('shows a consistent-actor error as the server wrote it', () => {
    const board = createJobBoard('u1')
    board.setRows([pendingJob({ kind: 'consistent', outcome: { status: 'failed', error: 'No face found' } })])
    expect(viewOf(board.getSnapshot(), 'consistent')).toEqual({ phase: 'failed', failure: { code: 'server', message: 'No face found' } })
  })

  it('keeps an outcome it saw itself when a late database read still has the job running', () => {
    const board = createJobBoard('u1')
    const ended = vi.fn<(job: PendingJob) => void>()
    board.onSettled(ended)
    board.addRow(pendingJob())
    board.settle('r1', done)
    board.setRows([pendingJob()])
    expect(runningJob(board.getSnapshot())).toBeUndefined()
    expect(viewOf(board.getSnapshot(), 'ugc')).toEqual({ phase: 'completed', outputUrl: done.outputUrl })
    expect(ended).toHaveBeenCalledOnce()
  })

  it('keeps the outcome of a job that ended before this tab added its row (the device read and the first answer came first)', () => {
    const board = createJobBoard('u1')
    const failed = { status: 'failed', error: 'Failed to generate video. Please try again later.' } as const
    board.setLocal('consistent', { phase: 'starting' })
    const job = pendingJob({ kind: 'consistent' })
    board.setRows([job])
    board.settle('r1', failed)
    board.addRow(job)
    expect(viewOf(board.getSnapshot(), 'consistent')).toEqual({ phase: 'failed', failure: { code: 'server', message: failed.error } })
  })

  it("counts as loaded only once the device's rows were read, not for a job this tab started or settled", () => {
    const board = createJobBoard('u1')
    board.addRow(pendingJob())
    board.settle('r1', done)
    expect(board.getSnapshot().loaded).toBe(false)
    board.setRows([])
    expect(board.getSnapshot().loaded).toBe(true)
    board.addRow(pendingJob({ requestId: 'r2' }))
    expect(board.getSnapshot().loaded).toBe(true)
  })

  it("replaces the tab's own view when a new job starts, and clears it on dismiss", () => {
    const board = createJobBoard('u1')
    board.setLocal('ugc', { phase: 'starting' })
    expect(viewOf(board.getSnapshot(), 'ugc')).toEqual({ phase: 'starting' })
    board.addRow(pendingJob({ requestId: 'r2' }))
    expect(viewOf(board.getSnapshot(), 'ugc')).toMatchObject({ phase: 'generating', requestId: 'r2' })
    board.setLocal('lipsync', { phase: 'no-credits' })
    board.setLocal('lipsync', null)
    expect(viewOf(board.getSnapshot(), 'lipsync')).toEqual({ phase: 'idle' })
  })
})
