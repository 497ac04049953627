import { screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { renderInRouter, signedIn } from '@/app/testing/render-in-router'
import { deviceDb } from '@/device/device-db'
import { JobRunnerProvider } from '@/jobs/job-runner'
import { pendingJob } from '@/jobs/testing/pending-job'
import { RunningJobIndicator } from './running-job-indicator'

function answerStatus(current: number) {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async () =>
    Response.json({ status: 'running', outputUrl: null, progress: { currentprogress: current, totalprogress: 100 } }),
  )
}

const withRunner = () => (
  <JobRunnerProvider>
    <RunningJobIndicator />
  </JobRunnerProvider>
)

beforeEach(() => deviceDb.jobs.clear())
afterEach(() => vi.restoreAllMocks())

describe('RunningJobIndicator', () => {
  it("shows the running job's percent and leads to its generator", async () => {
    await deviceDb.jobs.put(pendingJob({}))
    answerStatus(42)
    await renderInRouter(withRunner(), { session: signedIn(5), path: '/gallery' })
    expect(await screen.findByRole('link', { name: 'Video generation in progress: 42%' })).toHaveAttribute('href', '/ugc-actor?step=1')
  })

  it('leads to step 2 for a lip-sync job', async () => {
    await deviceDb.jobs.put(
      pendingJob({
        kind: 'lipsync',
        params: { kind: 'lipsync', videoUrl: 'https://cdn.test/v.mp4', audioUrl: 'https://cdn.test/a.wav', audioDurationSeconds: 5, enhanced: false },
      }),
    )
    answerStatus(7)
    await renderInRouter(withRunner(), { session: signedIn(5) })
    expect(await screen.findByRole('link', { name: 'Video generation in progress: 7%' })).toHaveAttribute('href', '/ugc-actor?step=2')
  })

  it('leads a consistent-actor job to /consistent-actor, which opens on Consistent Actor', async () => {
    await deviceDb.jobs.put(pendingJob({ kind: 'consistent', params: { kind: 'consistent', prompt: 'p', imageUrl: 'https://cdn.test/face.png' } }))
    answerStatus(30)
    await renderInRouter(withRunner(), { session: signedIn(5) })
    expect(await screen.findByRole('link', { name: 'Video generation in progress: 30%' })).toHaveAttribute('href', '/consistent-actor?step=1')
  })

  it("shows nothing once the user's job has ended, even while another account's job runs on the device", async () => {
    // The newer row is someone else's: were it shown, the indicator would stay after the user's own job ends.
    await deviceDb.jobs.bulkPut([pendingJob({}), pendingJob({ requestId: 'r2', uid: 'someone-else', startedAt: 2 })])
    answerStatus(50)
    await renderInRouter(withRunner(), { session: signedIn(5) })
    // The device's rows are loaded: the user's own job shows.
    expect(await screen.findByRole('link', { name: 'Video generation in progress: 50%' })).toBeInTheDocument()
    await deviceDb.jobs.update('r1', { outcome: { status: 'completed', outputUrl: 'https://cdn.test/v.mp4' } })
    await waitFor(() => expect(screen.queryByRole('link', { name: /Video generation in progress/ })).not.toBeInTheDocument())
  })
})
