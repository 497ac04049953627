import { readFile } from 'node:fs/promises'
import { type CDPSession, expect, type Locator, type Page, test } from '@playwright/test'
import { createVerifiedAccount, signInThroughUI } from './support/accounts'
import { SAMPLE_VIDEO, toneWav } from './support/generation'

// Uploads on a slow phone uplink (decision 0252): the lip-sync pickers show
// percent and megabytes sent, Cancel stops the upload and leaves nothing
// chosen, and a connection that drops mid-upload is tried once more by itself.
// The uplink is Chromium's own network throttling (DevTools protocol).

const lipSyncForm = (page: Page): Locator => page.getByRole('region', { name: 'Lip sync', exact: true })

/** The sample MP4 grown to about `megabytes` by a trailing `free` box: still a valid MP4 the server accepts. */
async function paddedVideo(megabytes: number): Promise<Buffer> {
  const sample = await readFile(SAMPLE_VIDEO)
  const padding = Buffer.alloc(Math.round(megabytes * 1024 * 1024))
  padding.writeUInt32BE(padding.length, 0)
  padding.write('free', 4, 'ascii')
  return Buffer.concat([sample, padding])
}

/** Throttles this page's uplink to `kilobytesPerSecond` (download unthrottled). */
async function slowUplink(page: Page, kilobytesPerSecond: number): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Network.enable')
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 50,
    downloadThroughput: -1,
    uploadThroughput: kilobytesPerSecond * 1024,
  })
  return cdp
}

/** The percent a progress bar shows. */
async function valueOf(bar: Locator): Promise<number> {
  return Number(await bar.getAttribute('value'))
}

async function signedInOnStepTwo(page: Page): Promise<Locator> {
  await signInThroughUI(page, await createVerifiedAccount({ displayName: 'Uma Upload' }))
  await page.goto('/ugc-actor?step=2')
  const form = lipSyncForm(page)
  await expect(form.getByLabel('Upload a video')).toBeEnabled()
  return form
}

test('a video upload on a slow uplink shows percent and megabytes sent, and Cancel stops it', async ({ page }) => {
  test.setTimeout(120_000)
  const form = await signedInOnStepTwo(page)
  const cdp = await slowUplink(page, 192)
  const video = await paddedVideo(3)

  await form.getByLabel('Upload a video').setInputFiles({ name: 'long-take.mp4', mimeType: 'video/mp4', buffer: video })
  const bar = form.getByRole('progressbar', { name: 'Uploading the video…' })
  await expect(bar).toBeVisible()
  // It moves: some bytes are sent, far from all of them (3 MB at 192 KB/s take about 16 s).
  await expect.poll(() => valueOf(bar), { timeout: 15_000 }).toBeGreaterThan(5)
  const percent = await valueOf(bar)
  expect(percent).toBeLessThan(90)
  // The percent shown is the bar's (read together: both move while the bytes go out).
  const shown = form.getByText(/^\d+%$/)
  await expect.poll(async () => (await shown.textContent()) === `${await valueOf(bar)}%`).toBe(true)
  await expect(form.getByText(/^\d+\.\d of 3\.0 MB sent$/)).toBeVisible()
  await expect.poll(() => valueOf(bar)).toBeGreaterThan(percent)

  const upload = page.waitForEvent('requestfailed', (request) => request.url().endsWith('/api/media/v1/upload'))
  await form.getByRole('button', { name: 'Cancel upload' }).click()
  // The request itself is stopped, not only hidden.
  expect((await upload).failure()?.errorText).toMatch(/ABORTED/)
  await expect(bar).toBeHidden()
  await expect(form.getByLabel('Upload a video')).toBeEnabled()
  await expect(form.getByLabel('Input video')).toHaveCount(0)
  await expect(form.getByRole('alert')).toHaveCount(0)

  // Back on a fast line the same file goes through.
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 })
  await form.getByLabel('Upload a video').setInputFiles({ name: 'long-take.mp4', mimeType: 'video/mp4', buffer: video })
  await expect(form.getByLabel('Input video')).toHaveAttribute('src', /\/media\/[\w-]+\.mp4\?exp=\d+&sig=[\w-]+$/)
  await expect(form.getByText('long-take.mp4')).toBeVisible()
})

/** Drops the connection of the next `count` uploads (as a phone losing its signal does), then lets them through. */
async function dropUploads(page: Page, count: number): Promise<{ attempts: () => number }> {
  let attempts = 0
  await page.route('**/api/media/v1/upload', async (route) => {
    attempts += 1
    if (attempts > count) return route.continue()
    // Some time on the wire first, then the link is gone.
    await new Promise((resolve) => setTimeout(resolve, 1_500))
    await route.abort('connectionreset')
  })
  return { attempts: () => attempts }
}

test('an audio upload whose connection drops is tried once more by itself and arrives', async ({ page }) => {
  test.setTimeout(120_000)
  const form = await signedInOnStepTwo(page)
  const uploads = await dropUploads(page, 1)
  // 90 s of voice as a WAV: about 1.4 MB.
  await form.getByLabel('Audio file').setInputFiles({ name: 'long-voice.wav', mimeType: 'audio/wav', buffer: toneWav(90) })
  await expect(form.getByRole('progressbar', { name: 'Uploading the audio…' })).toBeVisible()
  await expect(form.getByText('The connection dropped. Trying once more…')).toBeVisible()
  // The card names the file while it uploads; its player comes once it is stored.
  await expect(form.getByText('long-voice.wav')).toBeVisible({ timeout: 30_000 })
  await expect(form.getByLabel('Audio: long-voice.wav')).toHaveAttribute('src', /\/media\/[\w-]+\.wav\?exp=\d+&sig=[\w-]+$/, { timeout: 30_000 })
  await expect(form.getByText(/^Cost:/)).toHaveText('Cost: 4.70 credits (2 started minutes × 2.35)')
  await expect(form.getByRole('alert')).toHaveCount(0)
  expect(uploads.attempts()).toBe(2)
})

test('an upload whose connection drops twice says it failed with the spec message', async ({ page }) => {
  test.setTimeout(120_000)
  const form = await signedInOnStepTwo(page)
  const uploads = await dropUploads(page, 2)
  await form.getByLabel('Upload a video').setInputFiles({ name: 'clip.mp4', mimeType: 'video/mp4', buffer: await readFile(SAMPLE_VIDEO) })
  await expect(form.getByText('The connection dropped. Trying once more…')).toBeVisible()
  // spec §8: 'Failed to Upload the video. Please try again later.'
  await expect(form.getByRole('alert')).toHaveText('Failed to Upload the video. Please try again later.', { timeout: 30_000 })
  expect(uploads.attempts()).toBe(2)
  await expect(form.getByLabel('Upload a video')).toBeEnabled()
  await expect(form.getByLabel('Input video')).toHaveCount(0)
})
