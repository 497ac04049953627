import { describe, expect, it, vi } from 'vitest'
import type { PendingJob } from '@/device/device-db'
import { createJobBoard, runningJob, viewOf } from './job-board'
import { pendingJob } from './testing/pending-job'

const done = { status: 'completed', outputUrl: 'https://cdn.test/v.mp4' } as const

describe('createJobBoard', () => {
  it('shows a running row as generating, hang tight until progress arrives on the row', () => {
    const board = createJobBoard('u1')
    board.setRows([pendingJob()])
    expect(viewOf(board.getSnapshot(), 'ugc')).toEqual({ phase: 'generating', requestId: 'r1', percent: 0, hangTight: true })
    board.setRows([pendingJob({ progress: { percent: 12, hangTight: false } })])
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

  it('shows the outcome of a job this tab was starting when its row comes back already ended', () => {
    const board = createJobBoard('u1')
    const failed = { status: 'failed', error: 'Failed to generate video. Please try again later.' } as const
    board.setLocal('consistent', { phase: 'starting' })
    const job = pendingJob({ kind: 'consistent' })
    board.setRows([job])
    board.setRows([{ ...job, outcome: failed }])
    expect(viewOf(board.getSnapshot(), 'consistent')).toEqual({ phase: 'failed', failure: { code: 'server', message: failed.error } })
  })

  it("counts as loaded only once the device's rows were read", () => {
    const board = createJobBoard('u1')
    expect(board.getSnapshot().loaded).toBe(false)
    board.setRows([])
    expect(board.getSnapshot().loaded).toBe(true)
  })

  it("replaces the tab's own view when a new job starts, and clears it on dismiss", () => {
    const board = createJobBoard('u1')
    board.setLocal('ugc', { phase: 'starting' })
    expect(viewOf(board.getSnapshot(), 'ugc')).toEqual({ phase: 'starting' })
    board.setRows([pendingJob({ requestId: 'r2' })])
    expect(viewOf(board.getSnapshot(), 'ugc')).toMatchObject({ phase: 'generating', requestId: 'r2' })
    board.setLocal('lipsync', { phase: 'no-credits' })
    board.setLocal('lipsync', null)
    expect(viewOf(board.getSnapshot(), 'lipsync')).toEqual({ phase: 'idle' })
  })
})
