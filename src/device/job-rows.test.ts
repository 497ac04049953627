import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { pendingJob } from '@/jobs/testing/pending-job'
import { deviceDb, type PendingJob } from './device-db'
import { deleteJobRows, endJobRow, jobRow, putJobRow, showJobProgress, watchJobRows } from './job-rows'

// A job's row carries its progress and outcome, so every tab shows the same (docs/decisions/0311).
// Two watchers stand for two tabs of one browser.

const done = { status: 'completed', outputUrl: 'https://cdn.test/v.mp4' } as const
const stops: (() => void)[] = []

function watch(uid: string) {
  const seen: (readonly PendingJob[])[] = []
  stops.push(watchJobRows(uid, (rows) => seen.push(rows)))
  return { latest: () => seen.at(-1) }
}

beforeEach(() => deviceDb.jobs.clear())
afterEach(() => {
  for (const stop of stops.splice(0)) stop()
})

describe('job rows', () => {
  it("bring the polling tab's progress and the outcome to every tab, for the owner's rows only", async () => {
    const polling = watch('u1')
    const other = watch('u1')
    const someoneElse = watch('u2')
    await putJobRow(pendingJob())
    await expect.poll(() => other.latest()).toEqual([pendingJob()])

    await showJobProgress('r1', { percent: 40, hangTight: false })
    await expect.poll(() => other.latest()?.[0]?.progress).toEqual({ percent: 40, hangTight: false })
    expect(polling.latest()?.[0]?.progress).toEqual({ percent: 40, hangTight: false })

    await endJobRow('r1', done)
    await expect.poll(() => other.latest()?.[0]?.outcome).toEqual(done)
    expect(someoneElse.latest()).toEqual([])

    await deleteJobRows(['r1'])
    await expect.poll(() => other.latest()).toEqual([])
    expect(await jobRow('r1')).toBeUndefined()
  })

  it("keep a job in this tab's memory when IndexedDB refuses it: it still runs, shows and ends here", async () => {
    vi.spyOn(deviceDb.jobs, 'put').mockRejectedValue(new DOMException('blocked', 'InvalidStateError'))
    const tab = watch('u1')
    await putJobRow(pendingJob({ requestId: 'mem-1' }))
    await expect.poll(() => tab.latest()?.map((row) => row.requestId)).toEqual(['mem-1'])

    await showJobProgress('mem-1', { percent: 12, hangTight: false })
    expect(tab.latest()?.[0]?.progress).toEqual({ percent: 12, hangTight: false })
    await endJobRow('mem-1', done)
    expect(tab.latest()?.[0]?.outcome).toEqual(done)
    await deleteJobRows(['mem-1'])
    expect(tab.latest()).toEqual([])
    expect(await deviceDb.jobs.count()).toBe(0)
  })
})
