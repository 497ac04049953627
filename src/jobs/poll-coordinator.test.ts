import { afterEach, describe, expect, it, vi } from 'vitest'
import type { PendingJob } from '@/device/device-db'
import { createPollCoordinator } from './poll-coordinator'
import type { JobOutcome } from './job-progress'
import { completed, fakeServer, running } from './testing/fake-server'
import { pendingJob } from './testing/pending-job'

// The polling tab's pollers follow the job rows (docs/decisions/0311): what they hear is written
// onto the rows, which come back to them a moment later.

afterEach(() => vi.restoreAllMocks())

describe('createPollCoordinator', () => {
  it("starts where the row's progress is, and never polls again a job it saw end while rows read before its outcome come in", async () => {
    const server = fakeServer({ '/api/fal/v1/generatedVideo': () => ({ json: completed('https://cdn.test/v.mp4') }) })
    const ended = vi.fn<(job: PendingJob, outcome: JobOutcome) => void>()
    const coordinator = createPollCoordinator({ onProgress: () => undefined, onEnd: ended })
    const row = pendingJob({ progress: { percent: 30, hangTight: false } })
    coordinator.sync([row])
    await vi.waitFor(() => expect(ended).toHaveBeenCalledWith(row, { status: 'completed', outputUrl: 'https://cdn.test/v.mp4' }))
    // The rows as read before the outcome was written: still running.
    coordinator.sync([row])
    expect(coordinator.following()).toBe(false)
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(server.paths()).toEqual(['/api/fal/v1/generatedVideo'])
    coordinator.stop()
  })

  it('lifts the display from where another tab left it, never below', async () => {
    fakeServer({ '/api/fal/v1/generatedVideo': () => ({ json: running(10, 100) }) })
    const shown = vi.fn<(job: PendingJob, progress: { percent: number; hangTight: boolean }) => void>()
    const coordinator = createPollCoordinator({ onProgress: shown, onEnd: () => undefined })
    coordinator.sync([pendingJob({ progress: { percent: 30, hangTight: false } })])
    await vi.waitFor(() => expect(shown).toHaveBeenCalled())
    expect(shown.mock.calls[0]?.[1]).toEqual({ percent: 30, hangTight: false })
    coordinator.stop()
  })
})
