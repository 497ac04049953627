import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { StatusResponse } from '@contract/generations'
import { POLL_THRESHOLD_TICKS, POLL_THRESHOLD_TICKS_DEMO_ACCOUNT } from '@contract/constants'
import { createJobPoller, type PollerOptions } from './job-poller'
import type { JobOutcome, JobProgress } from './job-progress'
import { completed, running } from './testing/fake-server'

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

function pollerWith(answers: (StatusResponse | Error)[], options: Partial<PollerOptions> = {}) {
  const shown: JobProgress[] = []
  const onEnd = vi.fn<(outcome: JobOutcome) => void>()
  const check = vi.fn<() => Promise<StatusResponse>>(() => {
    const next = answers.length > 1 ? answers.shift() : answers[0]
    return next instanceof Error || next === undefined ? Promise.reject(next ?? new Error('no answer')) : Promise.resolve(next)
  })
  const poller = createJobPoller({
    check,
    isGone: (error) => error instanceof Error && error.message === 'gone',
    threshold: POLL_THRESHOLD_TICKS,
    easing: { points: 1, intervalMs: 2200 },
    onProgress: (progress) => shown.push(progress),
    onEnd,
    ...options,
  })
  return { poller, check, onEnd, shown, last: () => shown.at(-1) }
}

describe('createJobPoller (spec §4)', () => {
  it('checks at once, then when the one-second counter reaches 75 ticks', async () => {
    const { check } = pollerWith([running(0, 0)])
    expect(check).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync((POLL_THRESHOLD_TICKS - 1) * 1000)
    expect(check).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(1000)
    expect(check).toHaveBeenCalledTimes(2)
    await vi.advanceTimersByTimeAsync(POLL_THRESHOLD_TICKS * 1000)
    expect(check).toHaveBeenCalledTimes(3)
  })

  it('makes a poll that falls due while the previous check is still on its way right after it answers', async () => {
    const answers: ((value: StatusResponse) => void)[] = []
    const check = vi.fn<() => Promise<StatusResponse>>(() => new Promise((resolve) => answers.push(resolve)))
    const onProgress = vi.fn<(progress: JobProgress) => void>()
    const onEnd = vi.fn<(outcome: JobOutcome) => void>()
    createJobPoller({ check, isGone: () => false, threshold: 10, easing: { points: 1, intervalMs: 2200 }, onProgress, onEnd })
    await vi.advanceTimersByTimeAsync(10_000)
    // The first check has not answered: the tenth tick's poll waits for it, it is not dropped.
    expect(check).toHaveBeenCalledTimes(1)
    answers[0]?.(running(0, 0))
    await vi.advanceTimersByTimeAsync(0)
    expect(check).toHaveBeenCalledTimes(2)
  })

  it('polls every 10 ticks for the demo account', async () => {
    const { check } = pollerWith([running(0, 0)], { threshold: POLL_THRESHOLD_TICKS_DEMO_ACCOUNT })
    await vi.advanceTimersByTimeAsync(POLL_THRESHOLD_TICKS_DEMO_ACCOUNT * 1000)
    expect(check).toHaveBeenCalledTimes(2)
  })

  it('says hang tight while totalprogress is 0', async () => {
    const { shown } = pollerWith([running(0, 0), running(30, 100)], { threshold: 1 })
    await vi.advanceTimersByTimeAsync(0)
    expect(shown).toEqual([{ percent: 0, hangTight: true }])
    await vi.advanceTimersByTimeAsync(1000)
    expect(shown).toEqual([
      { percent: 0, hangTight: true },
      { percent: 30, hangTight: false },
    ])
  })

  it('shows the first answer at once, then climbs one point per interval between answers', async () => {
    const { last } = pollerWith([running(20, 100), running(25, 100)])
    await vi.advanceTimersByTimeAsync(0)
    expect(last()?.percent).toBe(20)
    // No answer for 75 s, yet the display moves on (spec §4: eases upward step by step).
    await vi.advanceTimersByTimeAsync(10 * 2200)
    expect(last()?.percent).toBe(30)
    // The next answer (25 %) is lower than the display: it keeps its place and climbs on.
    await vi.advanceTimersByTimeAsync(POLL_THRESHOLD_TICKS * 1000 - 10 * 2200)
    expect(last()?.percent).toBe(20 + Math.floor((POLL_THRESHOLD_TICKS * 1000) / 2200))
    await vi.advanceTimersByTimeAsync(2200)
    expect(last()?.percent).toBe(21 + Math.floor((POLL_THRESHOLD_TICKS * 1000) / 2200))
  })

  it('jumps up to a server figure higher than the display', async () => {
    const { last } = pollerWith([running(0, 0), running(80, 100)], { threshold: 10 })
    await vi.advanceTimersByTimeAsync(2200)
    expect(last()).toEqual({ percent: 1, hangTight: true })
    await vi.advanceTimersByTimeAsync(10_000 - 2200)
    expect(last()).toEqual({ percent: 80, hangTight: false })
    await vi.advanceTimersByTimeAsync(2200)
    expect(last()?.percent).toBe(81)
  })

  it('climbs while the job waits in the queue (hang tight) and from the 50 % a coarse provider reports', async () => {
    const queued = pollerWith([running(0, 0)])
    await vi.advanceTimersByTimeAsync(3 * 2200)
    expect(queued.last()).toEqual({ percent: 3, hangTight: true })
    queued.poller.stop()

    const coarse = pollerWith([running(50, 100)], { easing: { points: 1, intervalMs: 3500 } })
    await vi.advanceTimersByTimeAsync(4 * 3500)
    expect(coarse.last()).toEqual({ percent: 54, hangTight: false })
  })

  it('never goes back, never passes 99 before completion, then ends completed', async () => {
    const { last, shown, onEnd } = pollerWith([running(0, 0), running(10, 100), completed('https://cdn.test/v.mp4')], {
      threshold: 10,
      easing: { points: 10, intervalMs: 1000 },
    })
    // The demo account's 10 points a second: past the server's 10 %, up to 99 and no further.
    await vi.advanceTimersByTimeAsync(9000)
    expect(last()?.percent).toBe(90)
    await vi.advanceTimersByTimeAsync(1000)
    expect(last()?.percent).toBe(99)
    const percents = shown.map((progress) => progress.percent)
    expect(percents).toEqual(percents.toSorted((a, b) => a - b))
    expect(Math.max(...percents)).toBe(99)
    await vi.advanceTimersByTimeAsync(10_000)
    expect(onEnd).toHaveBeenCalledWith({ status: 'completed', outputUrl: 'https://cdn.test/v.mp4' })
  })

  it('ends completed with the output URL and polls no more', async () => {
    const { check, onEnd } = pollerWith([running(10, 100), completed('https://cdn.test/v.mp4')], { threshold: 3 })
    await vi.advanceTimersByTimeAsync(3000)
    expect(onEnd).toHaveBeenCalledWith({ status: 'completed', outputUrl: 'https://cdn.test/v.mp4' })
    await vi.advanceTimersByTimeAsync(60_000)
    expect(check).toHaveBeenCalledTimes(2)
  })

  it('ends completed with a captioned lip sync’s caption files', async () => {
    const captions = { vtt: 'https://cdn.test/c.vtt', srt: 'https://cdn.test/c.srt' }
    const { onEnd } = pollerWith([{ ...completed('https://cdn.test/v.mp4'), captions }], { threshold: 3 })
    await vi.advanceTimersByTimeAsync(3000)
    expect(onEnd).toHaveBeenCalledWith({ status: 'completed', outputUrl: 'https://cdn.test/v.mp4', captions })
  })

  it('ends failed with the server error and polls no more (consistent actor: the error field stops polling)', async () => {
    const errored: StatusResponse = { ...running(40, 100), error: 'Face not detected in the image' }
    const { check, onEnd } = pollerWith([errored], { threshold: 3 })
    await vi.advanceTimersByTimeAsync(0)
    expect(onEnd).toHaveBeenCalledWith({ status: 'failed', error: 'Face not detected in the image' })
    await vi.advanceTimersByTimeAsync(30_000)
    expect(check).toHaveBeenCalledTimes(1)
  })

  it('ends failed on a failed status without error text', async () => {
    const { onEnd } = pollerWith([{ status: 'failed', outputUrl: null, progress: { currentprogress: 0, totalprogress: 0 } }])
    await vi.advanceTimersByTimeAsync(0)
    expect(onEnd).toHaveBeenCalledWith({ status: 'failed', error: '' })
  })

  it('keeps polling after a passing failure and ends when the server does not know the job', async () => {
    const { check, onEnd } = pollerWith([new Error('offline'), running(5, 100), new Error('gone')], { threshold: 2 })
    await vi.advanceTimersByTimeAsync(2000)
    expect(onEnd).not.toHaveBeenCalled()
    expect(check).toHaveBeenCalledTimes(2)
    await vi.advanceTimersByTimeAsync(2000)
    expect(onEnd).toHaveBeenCalledWith({ status: 'failed', error: '' })
  })

  it('checks now on request and restarts the counter; stops for good', async () => {
    const { poller, check } = pollerWith([running(5, 100)], { threshold: 5 })
    await vi.advanceTimersByTimeAsync(3000)
    poller.checkNow()
    expect(check).toHaveBeenCalledTimes(2)
    await vi.advanceTimersByTimeAsync(4000)
    expect(check).toHaveBeenCalledTimes(2)
    await vi.advanceTimersByTimeAsync(1000)
    expect(check).toHaveBeenCalledTimes(3)
    poller.stop()
    await vi.advanceTimersByTimeAsync(60_000)
    expect(check).toHaveBeenCalledTimes(3)
  })
})
