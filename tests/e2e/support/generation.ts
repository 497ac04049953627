import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { type APIRequestContext, expect, type Locator, type Page, type Request } from '@playwright/test'
import { authEmulatorURL } from '../../../playwright.config.ts'
import { signIn } from '../../../server/testing/emulator-accounts.ts'
import { POLL_THRESHOLD_TICKS, POLL_TICK_MS } from '../../../contract/constants.ts'
import type { EmulatorAccount } from './accounts.ts'

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
          // The test hears of a poll's request a moment after the page sent it, so the clock may
          // run on past it: `done` is asked at every tick, before the page's own timers (a toast's
          // 5 s) could run out what the poll brought.
          for (let tick = 0; tick < POLL_THRESHOLD_TICKS && !pollStarted(); tick += 1) {
            if (await done()) return true
            await page.clock.runFor(POLL_TICK_MS)
          }
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

/**
 * A mono 16-bit PCM WAV of a quiet tone, `seconds` long at 8 kHz: long audio
 * without a large fixture (150 s is about 2.4 MB). 0 gives a valid header with
 * no samples: audio with no length.
 */
export function toneWav(seconds: number): Buffer {
  const rate = 8000
  const samples = Math.round(seconds * rate)
  const wav = Buffer.alloc(44 + samples * 2)
  wav.write('RIFF', 0, 'ascii')
  wav.writeUInt32LE(36 + samples * 2, 4)
  wav.write('WAVEfmt ', 8, 'ascii')
  wav.writeUInt32LE(16, 16)
  wav.writeUInt16LE(1, 20) // PCM
  wav.writeUInt16LE(1, 22) // mono
  wav.writeUInt32LE(rate, 24)
  wav.writeUInt32LE(rate * 2, 28)
  wav.writeUInt16LE(2, 32)
  wav.writeUInt16LE(16, 34)
  wav.write('data', 36, 'ascii')
  wav.writeUInt32LE(samples * 2, 40)
  for (let index = 0; index < samples; index += 1) {
    wav.writeInt16LE(Math.round(3000 * Math.sin((2 * Math.PI * 220 * index) / rate)), 44 + index * 2)
  }
  return wav
}

const root = path.resolve(import.meta.dirname, '../../..')
/** A short real video (the sample the landing page shows) and a 3 s voice. */
export const SAMPLE_VIDEO = path.join(root, 'public/samples/app-walkthrough.mp4')
export const VOICE = path.join(root, 'tests/e2e/fixtures/voice-3s.mp3')

/** The account's ID token, as the app sends it (spec §6: bearer). */
export function idTokenOf(account: Pick<EmulatorAccount, 'email' | 'password'>): Promise<string> {
  return signIn(new URL(authEmulatorURL).host, account.email, account.password)
}

/** Stores a file as the app's upload does (spec §7 multipart, file + upload_preset) and returns its address. */
async function uploaded(
  request: APIRequestContext,
  token: string,
  file: string,
  mimeType: string,
  preset: 'audio' | 'video',
): Promise<{ url: string; duration: number }> {
  const answer = await request.post('/api/media/v1/upload', {
    headers: { authorization: `Bearer ${token}` },
    multipart: { file: { name: path.basename(file), mimeType, buffer: await readFile(file) }, upload_preset: preset },
  })
  expect(answer.ok()).toBe(true)
  const { secure_url: url, duration } = (await answer.json()) as { secure_url: string; duration: number }
  return { url, duration }
}

/** A lip-sync job's status, as the app asks for it (spec §7 lipsyncGeneratedVideo). */
export async function lipSyncStatus(
  request: APIRequestContext,
  token: string,
  requestId: string,
): Promise<{ status: string; progress: { currentprogress: number; totalprogress: number } }> {
  const answer = await request.post('/api/fal/v1/lipsyncGeneratedVideo', { headers: { authorization: `Bearer ${token}` }, data: { request_id: requestId } })
  expect(answer.ok()).toBe(true)
  return (await answer.json()) as { status: string; progress: { currentprogress: number; totalprogress: number } }
}

/**
 * Spends credits the way a user does, through the app's own calls (spec §7):
 * `count` lip syncs of the 3 s voice on the sample video with lipsync-1.8.0
 * (spec §9: 2.35 each, one started minute), one after another to completion
 * (one generation at a time). A way to leave a balance between 0 and a price.
 */
export async function spendOnLipSyncs(request: APIRequestContext, account: Pick<EmulatorAccount, 'email' | 'password'>, count: number): Promise<void> {
  const token = await idTokenOf(account)
  const headers = { authorization: `Bearer ${token}` }
  const record = await request.get(`/api/users/v1/${encodeURIComponent(account.email)}`, { headers })
  expect(record.ok()).toBe(true)
  const { _id: userId } = (await record.json()) as { _id: string }
  const video = await uploaded(request, token, SAMPLE_VIDEO, 'video/mp4', 'video')
  const audio = await uploaded(request, token, VOICE, 'audio/mpeg', 'audio')
  for (let made = 0; made < count; made += 1) {
    const started = await request.post('/api/fal/v1/lipsyncGenerate', {
      headers,
      data: { video_url: video.url, audio_url: audio.url, user_id: userId, audio_duraraion: audio.duration, lipSyncModel: 'lipsync-1.8.0' },
    })
    expect(started.ok()).toBe(true)
    const { requestId } = (await started.json()) as { requestId: string }
    await expect.poll(async () => (await lipSyncStatus(request, token, requestId)).status, { timeout: 60_000 }).toBe('completed')
  }
}
