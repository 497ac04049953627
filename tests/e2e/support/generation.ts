import { expect, type Locator, type Page, type Request } from '@playwright/test'
import { POLL_THRESHOLD_TICKS, POLL_TICK_MS } from '../../../src/lib/constants.ts'

// Helpers for the generator journeys (spec §4 Generation). The app polls a
// running job when its one-second counter reaches 75 ticks; the local renderer
// finishes a clip in seconds. Instead of sitting through 75 real seconds per
// poll, the test lets the page's clock run one poll period at a time (the
// clock must be installed before the page loads: page.clock.install()).

const STATUS_CALL = /\/api\/fal\/v1\/(generatedVideo|lipsyncGeneratedVideo|getImageToVideoResaults)$/
/** Real time left after a status answer before the clock may jump again: longer than a toast lives (5000 ms), so what the answer brings is seen even when the page is slow to show it. */
const SETTLE_MS = 8_000

/**
 * Lets the page's clock run through poll periods until `done` holds (the
 * renderer works in real time meanwhile). It runs the clock a second at a time
 * and stops as soon as the next poll starts, and never runs it while a status
 * call is on its way or has just been answered: running on then would
 * fast-forward what the answer shows (a toast lives 5000 ms) before the test
 * could see it. (The page's clock also moves in real time, so a fixed jump of
 * one poll period could pass the poll and run on after its answer.)
 */
export async function runPollsUntil(page: Page, done: () => Promise<boolean>): Promise<void> {
  let inFlight = 0
  let lastAnswer = 0
  let polls = 0
  const started = (request: Request): void => {
    if (!STATUS_CALL.test(request.url())) return
    inFlight += 1
    polls += 1
  }
  const ended = (request: Request): void => {
    if (!STATUS_CALL.test(request.url())) return
    inFlight = Math.max(0, inFlight - 1)
    lastAnswer = Date.now()
  }
  page.on('request', started)
  page.on('requestfinished', ended)
  page.on('requestfailed', ended)
  try {
    await expect
      .poll(
        async () => {
          if (await done()) return true
          if (inFlight > 0 || Date.now() - lastAnswer < SETTLE_MS) return false
          const pollsBefore = polls
          // `polls` is counted by the request listener while the clock runs.
          const pollStarted = () => polls > pollsBefore
          for (let tick = 0; tick < POLL_THRESHOLD_TICKS && !pollStarted(); tick += 1) await page.clock.runFor(POLL_TICK_MS)
          return done()
        },
        { timeout: 120_000, intervals: [1000, 1500, 2000] },
      )
      .toBe(true)
  } finally {
    page.off('request', started)
    page.off('requestfinished', ended)
    page.off('requestfailed', ended)
  }
}

/** Whether a `<video>` has loaded its metadata with a real duration. */
export function hasPlayableVideo(video: Locator): Promise<boolean> {
  return video.evaluate((element) => element instanceof HTMLVideoElement && element.readyState >= 1 && element.duration > 0)
}

/** Plays a `<video>` (muted, as a phone allows without a gesture) and waits until time moves. */
export async function expectToPlay(video: Locator): Promise<void> {
  await expect.poll(() => hasPlayableVideo(video), { timeout: 20_000 }).toBe(true)
  await video.evaluate(async (element) => {
    if (!(element instanceof HTMLVideoElement)) throw new Error('not a video')
    element.muted = true
    await element.play()
  })
  await expect.poll(() => video.evaluate((element) => element instanceof HTMLVideoElement && element.currentTime > 0)).toBe(true)
}
