import { expect, type Locator, type Page } from '@playwright/test'
import { POLL_THRESHOLD_TICKS, POLL_TICK_MS } from '../../../src/lib/constants.ts'

// Helpers for the generator journeys (spec §4 Generation). The app polls a
// running job when its one-second counter reaches 75 ticks; the local renderer
// finishes a clip in seconds. Instead of sitting through 75 real seconds per
// poll, the test lets the page's clock run one poll period at a time (the
// clock must be installed before the page loads: page.clock.install()).

/** Lets the page's clock run through poll periods until `done` holds (the renderer works in real time meanwhile). */
export async function runPollsUntil(page: Page, done: () => Promise<boolean>): Promise<void> {
  await expect
    .poll(
      async () => {
        if (await done()) return true
        await page.clock.runFor(POLL_THRESHOLD_TICKS * POLL_TICK_MS)
        return done()
      },
      { timeout: 120_000, intervals: [1000, 2000, 3000] },
    )
    .toBe(true)
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
