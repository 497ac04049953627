import { I18nProvider } from '@lingui/react'
import { QueryClientProvider } from '@tanstack/react-query'
import { act, render, screen, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createServerStateClient, galleryKey, userRecordKey } from '@/api/server-state'
import { deviceDb, type PendingJob } from '@/device/device-db'
import { activateLocale, i18n } from '@/i18n/i18n'
import { POLL_THRESHOLD_TICKS } from '@contract/constants'
import { type Session, SessionActionsContext, SessionContext, type SessionActions } from '@/session/session'
import { JobRunnerProvider, useDeviceJobKinds, useJob, useRunningJob } from './job-runner'
import { completed, fakeEventStream, fakeServer, running as runningAt, type Handler } from './testing/fake-server'
import type { JobOutcome } from './job-progress'
import type { JobKind } from './types'

const ada: Session = {
  status: 'signed-in',
  user: { uid: 'u1', email: 'ada@example.com', displayName: 'Ada' },
  record: { _id: 'rec-1', email: 'ada@example.com', name: 'Ada', credits: 10, isCurrentlyGenerating: false },
  credits: 10,
}
const statusPath = '/api/users/v1/ada%40example.com/status'

function pendingJob(overrides: Partial<PendingJob> = {}): PendingJob {
  return {
    requestId: 'req-1',
    kind: 'ugc',
    params: { kind: 'ugc', prompt: 'A barista smiles', seed: 7, enhanced: false },
    uid: 'u1',
    userId: 'rec-1',
    startedAt: 1,
    demo: false,
    ...overrides,
  }
}

function JobProbe({ kind }: { kind: JobKind }) {
  const { view, params, start, dismiss } = useJob(kind)
  return (
    <div>
      <output aria-label={`${kind} view`}>{JSON.stringify(view)}</output>
      <output aria-label={`${kind} params`}>{JSON.stringify(params ?? null)}</output>
      <button type="button" onClick={() => void start({ kind: 'ugc', prompt: 'A chef waves', seed: null, enhanced: false })}>
        start {kind}
      </button>
      <button type="button" onClick={dismiss}>
        dismiss {kind}
      </button>
    </div>
  )
}

function RunningProbe() {
  const running = useRunningJob()
  return <output aria-label="running">{JSON.stringify(running)}</output>
}

function DeviceKindsProbe() {
  return <output aria-label="device kinds">{JSON.stringify(useDeviceJobKinds())}</output>
}

function renderRunner(children: ReactNode, session: Session = ada) {
  const actions = {
    refreshUser: vi.fn<() => void>(),
    adjustCredits: vi.fn<(delta: number) => void>(),
    signOut: vi.fn<() => Promise<void>>(() => Promise.resolve()),
  } satisfies SessionActions
  const onJobEnded = vi.fn<(job: PendingJob, outcome: JobOutcome) => void>()
  const serverState = createServerStateClient()
  const tree = (screenContent: ReactNode) => (
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={serverState}>
        <SessionContext value={session}>
          <SessionActionsContext value={actions}>
            <JobRunnerProvider onJobEnded={onJobEnded}>{screenContent}</JobRunnerProvider>
          </SessionActionsContext>
        </SessionContext>
      </QueryClientProvider>
    </I18nProvider>
  )
  const view = render(tree(children))
  return { ...view, actions, onJobEnded, serverState, showScreen: (screenContent: ReactNode) => view.rerender(tree(screenContent)) }
}

const viewOf = (kind: JobKind): unknown => JSON.parse(screen.getByRole('status', { name: `${kind} view` }).textContent ?? 'null')

/** Answers each status call with the next answer, the last one for good. */
function statusAnswers(...answers: unknown[]): Handler {
  return () => ({ json: answers.length > 1 ? answers.shift() : answers[0] })
}

beforeEach(async () => {
  await activateLocale('en')
  await deviceDb.jobs.clear()
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
})
afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
})

describe('JobRunnerProvider', () => {
  it("resumes the signed-in user's stored job after a reload, completes it and deducts its cost", async () => {
    await deviceDb.jobs.bulkPut([pendingJob(), pendingJob({ requestId: 'other-1', uid: 'u2', userId: 'rec-2', kind: 'lipsync' })])
    const server = fakeServer({ '/api/fal/v1/generatedVideo': statusAnswers(runningAt(40, 100), completed('https://cdn.test/out.mp4')) })
    const { actions, onJobEnded, serverState } = renderRunner(
      <>
        <JobProbe kind="ugc" />
        <JobProbe kind="lipsync" />
        <RunningProbe />
      </>,
    )
    // What the app holds of the server's state: the record, a gallery view, and another account's view.
    const held = { record: [...userRecordKey('u1'), 'ada@example.com'], gallery: [...galleryKey('u1'), 'ugc', 1], other: [...galleryKey('u2'), 'ugc', 1] }
    for (const key of Object.values(held)) serverState.setQueryData(key, { held: true })
    const invalidated = (key: readonly unknown[]) => serverState.getQueryState(key)?.isInvalidated
    // Where the user left it: the first answer is shown at once.
    await waitFor(() => expect(viewOf('ugc')).toEqual({ phase: 'generating', requestId: 'req-1', percent: 40, hangTight: false }))
    expect(JSON.parse(screen.getByRole('status', { name: 'running' }).textContent ?? '')).toEqual({ kind: 'ugc', percent: 40 })
    // Its inputs, for the form to show them again (decision 0136); none for the other kind.
    expect(JSON.parse(screen.getByRole('status', { name: 'ugc params' }).textContent ?? '')).toEqual(pendingJob().params)
    expect(JSON.parse(screen.getByRole('status', { name: 'lipsync params' }).textContent ?? '')).toBeNull()
    // Another account's job on this device is neither shown nor polled.
    expect(viewOf('lipsync')).toEqual({ phase: 'idle' })
    expect(server.calls).toEqual([{ method: 'POST', path: '/api/fal/v1/generatedVideo', body: { request_id: 'req-1', duration: '5' } }])

    await act(() => vi.advanceTimersByTimeAsync(POLL_THRESHOLD_TICKS * 1000))
    await waitFor(() => expect(viewOf('ugc')).toEqual({ phase: 'completed', outputUrl: 'https://cdn.test/out.mp4' }))
    expect(actions.adjustCredits).toHaveBeenCalledWith(-1.75)
    // The balance is asked for again and the gallery shows the new video; the other account's is left alone.
    expect({ record: invalidated(held.record), gallery: invalidated(held.gallery), other: invalidated(held.other) }).toEqual({
      record: true,
      gallery: true,
      other: false,
    })
    expect(onJobEnded).toHaveBeenCalledOnce()
    expect(screen.getByRole('status', { name: 'running' })).toHaveTextContent('null')
    // The screen showed it: the row goes, the other account's stays.
    await expect.poll(() => deviceDb.jobs.toCollection().primaryKeys()).toEqual(['other-1'])
    expect(viewOf('ugc')).toEqual({ phase: 'completed', outputUrl: 'https://cdn.test/out.mp4' })
  })

  it('shows a finished job the moment the event stream brings it; the poll stays the fallback', async () => {
    await deviceDb.jobs.put(pendingJob())
    const events = fakeEventStream()
    const server = fakeServer({ '/api/fal/v1/generatedVideo': statusAnswers(runningAt(10, 100)), '/api/fal/v1/events': events.handler })
    const { actions } = renderRunner(<JobProbe kind="ugc" />)
    await waitFor(() => expect(viewOf('ugc')).toMatchObject({ phase: 'generating', percent: 10 }))
    await expect.poll(() => server.streams.length).toBe(1)
    // A fresh stream starts with where the job stands, then goes live.
    events.send('job', { requestId: 'req-1', kind: 'ugc', status: runningAt(30, 100) }, 1)
    events.send('ready', { resumed: false }, 1)
    events.send('job', { requestId: 'req-1', kind: 'ugc', status: completed('https://cdn.test/now.mp4') }, 2)
    await waitFor(() => expect(viewOf('ugc')).toEqual({ phase: 'completed', outputUrl: 'https://cdn.test/now.mp4' }))
    // No 75-second poll was waited for: the one status call is the first check.
    expect(server.paths()).toEqual(['/api/fal/v1/generatedVideo'])
    expect(actions.adjustCredits).toHaveBeenCalledWith(-1.75)
    // Nothing left to follow: the stream is closed.
    await expect.poll(() => server.streams[0]?.signal.aborted).toBe(true)
  })

  it('checks the status first, stores the job before its first poll, then polls it at once', async () => {
    let storedAtFirstPoll: PendingJob | undefined
    const server = fakeServer({
      [statusPath]: () => ({ json: { credits: 10, isCurrentlyGenerating: false } }),
      '/api/fal/v1/generate': () => ({ json: { requestId: 'new-1' } }),
      '/api/fal/v1/generatedVideo': async () => {
        storedAtFirstPoll ??= await deviceDb.jobs.get('new-1')
        return { json: runningAt(0, 0) }
      },
    })
    renderRunner(<JobProbe kind="ugc" />)
    await act(async () => screen.getByRole('button', { name: 'start ugc' }).click())
    await waitFor(() => expect(viewOf('ugc')).toEqual({ phase: 'generating', requestId: 'new-1', percent: 0, hangTight: true }))
    await waitFor(() => expect(server.paths()).toEqual([statusPath, '/api/fal/v1/generate', '/api/fal/v1/generatedVideo']))
    expect(storedAtFirstPoll).toMatchObject({ requestId: 'new-1', uid: 'u1', userId: 'rec-1', kind: 'ugc', demo: false })
  })

  it('refuses a second generation without storing anything', async () => {
    const server = fakeServer({ [statusPath]: () => ({ json: { credits: 10, isCurrentlyGenerating: true } }) })
    renderRunner(<JobProbe kind="ugc" />)
    await act(async () => screen.getByRole('button', { name: 'start ugc' }).click())
    await waitFor(() => expect(viewOf('ugc')).toEqual({ phase: 'failed', failure: { code: 'one_time_generate' } }))
    expect(server.paths()).toEqual([statusPath])
    expect(await deviceDb.jobs.count()).toBe(0)
    await act(async () => screen.getByRole('button', { name: 'dismiss ugc' }).click())
    expect(viewOf('ugc')).toEqual({ phase: 'idle' })
  })

  it("stops on a consistent-actor status error and shows the server's text", async () => {
    await deviceDb.jobs.put(
      pendingJob({ requestId: 'c-1', kind: 'consistent', params: { kind: 'consistent', prompt: 'Waves', imageUrl: 'https://cdn.test/f.png' } }),
    )
    const server = fakeServer({
      '/api/fal/v1/getImageToVideoResaults': () => ({ json: { ...runningAt(10, 100), error: 'No face found in the image' } }),
    })
    const { actions } = renderRunner(<JobProbe kind="consistent" />)
    await waitFor(() => expect(viewOf('consistent')).toEqual({ phase: 'failed', failure: { code: 'server', message: 'No face found in the image' } }))
    expect(server.calls[0]?.body).toEqual({ requestId: 'c-1' })
    await act(() => vi.advanceTimersByTimeAsync(POLL_THRESHOLD_TICKS * 1000 * 2))
    expect(server.calls).toHaveLength(1)
    expect(actions.adjustCredits).not.toHaveBeenCalled()
  })

  it('keeps an ended job on the device until a screen shows it', async () => {
    await deviceDb.jobs.put(pendingJob())
    fakeServer({ '/api/fal/v1/generatedVideo': statusAnswers(completed('https://cdn.test/done.mp4')) })
    const { showScreen } = renderRunner(<RunningProbe />)
    await expect.poll(async () => (await deviceDb.jobs.get('req-1'))?.outcome).toEqual({ status: 'completed', outputUrl: 'https://cdn.test/done.mp4' })
    showScreen(<JobProbe kind="ugc" />)
    await waitFor(() => expect(viewOf('ugc')).toEqual({ phase: 'completed', outputUrl: 'https://cdn.test/done.mp4' }))
    await expect.poll(() => deviceDb.jobs.count()).toBe(0)
  })

  it('shows and polls nothing for a signed-out visitor', async () => {
    await deviceDb.jobs.put(pendingJob())
    const server = fakeServer({})
    renderRunner(<JobProbe kind="ugc" />, { status: 'signed-out' })
    await act(() => vi.advanceTimersByTimeAsync(POLL_THRESHOLD_TICKS * 1000))
    expect(viewOf('ugc')).toEqual({ phase: 'idle' })
    expect(server.calls).toHaveLength(0)
  })

  it("names the kinds of the user's jobs on the device once they are read, ended ones not yet shown included", async () => {
    const ended = { status: 'completed', outputUrl: 'https://cdn.test/out.mp4' } as const
    await deviceDb.jobs.bulkPut([
      pendingJob({ requestId: 'u-1', kind: 'ugc', startedAt: 1, outcome: ended }),
      pendingJob({ requestId: 'c-1', kind: 'consistent', params: { kind: 'consistent', prompt: 'p', imageUrl: 'https://cdn.test/f.png' }, startedAt: 2 }),
      pendingJob({ requestId: 'other-1', uid: 'u2', userId: 'rec-2', startedAt: 3 }),
    ])
    fakeServer({ '/api/fal/v1/getImageToVideoResaults': statusAnswers(runningAt(10, 100)) })
    renderRunner(<DeviceKindsProbe />)
    const kinds = screen.getByRole('status', { name: 'device kinds' })
    expect(kinds).toHaveTextContent('null')
    await waitFor(() => expect(kinds).toHaveTextContent('["ugc","consistent"]'))
  })
})
