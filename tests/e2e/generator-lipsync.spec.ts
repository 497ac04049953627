import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test'
import { chromiumLaunch } from '../../playwright.base.ts'
import { authEmulatorURL } from '../../playwright.config.ts'
import { signIn } from '../../server/testing/emulator-accounts.ts'
import type { EmulatorAccount } from './support/accounts'
import { expectNoSeriousA11yViolations } from './support/axe'
import { signInFunded } from './support/fixtures'
import { expectToPlay, runPollsUntil, toneWav } from './support/generation'
import { useLocale } from './support/locale'

// Step 2 of /ugc-actor (spec §2 lip-sync input modes, §3 lip-sync request,
// §4 audio source mode, §5 lip sync rules, §8 lipsync_error and upload
// messages, §9 lip-sync price) on the real server and its local renderer.
// Chromium's fake microphone (a beep) stands in for the user's voice.

test.use({
  permissions: ['microphone'],
  launchOptions: { ...chromiumLaunch, args: [...chromiumLaunch.args, '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'] },
})

const root = path.resolve(import.meta.dirname, '../..')
const SAMPLE_VIDEO = path.join(root, 'public/samples/app-walkthrough.mp4')
const VOICE = path.join(import.meta.dirname, 'fixtures/voice-3s.mp3')
/** Uploads, the local render and the page-clock-driven polls (support/generation.ts). */
const GENERATION_TIMEOUT = 180_000

const lipSyncForm = (page: Page): Locator => page.getByRole('region', { name: 'Lip sync', exact: true })
const outputPanel = (page: Page): Locator => page.getByRole('region', { name: 'Output video', exact: true })
const audioAlert = (page: Page): Locator => lipSyncForm(page).getByRole('alert')

/** A signed-in account with the starter tier's 11 credits (spec §9: floor(20 / 1.75)); spec §4 polls run on the page's clock when asked. */
async function payingUser(page: Page, options: { clock?: boolean } = {}): Promise<EmulatorAccount> {
  const account = await signInFunded(page, { displayName: 'Lena Lipsync', clock: options.clock === true })
  await expect(page.getByRole('link', { name: '11.00 credits' })).toBeVisible()
  return account
}

/** Uploads a video as the app does and returns its address on our server (for `?video=`). */
async function uploadedVideoUrl(request: APIRequestContext, account: EmulatorAccount): Promise<string> {
  const token = await signIn(new URL(authEmulatorURL).host, account.email, account.password)
  const answer = await request.post('/api/media/v1/upload', {
    headers: { authorization: `Bearer ${token}` },
    multipart: {
      file: { name: 'actor.mp4', mimeType: 'video/mp4', buffer: await readFile(SAMPLE_VIDEO) },
      upload_preset: 'video',
    },
  })
  expect(answer.ok()).toBe(true)
  const { secure_url: url } = (await answer.json()) as { secure_url: string }
  return url
}

/** The lip-synced MP4 arrives in the output panel and plays; it lasts as long as the audio (> 2 s). */
async function expectPlayableResult(page: Page): Promise<void> {
  const video = outputPanel(page).locator('video')
  await runPollsUntil(page, async () => (await video.count()) === 1)
  await expect(video).toHaveAttribute('src', /\/media\/[\w-]+\.mp4\?exp=\d+&sig=[\w-]+$/)
  await expectToPlay(video)
  expect(await video.evaluate((element: HTMLVideoElement) => element.duration)).toBeGreaterThan(2)
}

test('uploaded video and audio file become a lip-synced video for 2.35 credits', async ({ page }) => {
  test.setTimeout(GENERATION_TIMEOUT)
  await payingUser(page, { clock: true })
  await page.goto('/ugc-actor?step=2')
  const form = lipSyncForm(page)
  // The pickers open once the session (and its token for uploads) is back.
  await expect(form.getByLabel('Upload a video')).toBeEnabled()

  await form.getByLabel('Upload a video').setInputFiles(SAMPLE_VIDEO)
  await expect(form.getByLabel('Input video')).toHaveAttribute('src', /\/media\/[\w-]+\.mp4\?exp=\d+&sig=[\w-]+$/)
  await expect(form.getByText('app-walkthrough.mp4')).toBeVisible()

  await expect(form.getByRole('radio', { name: 'Upload file' })).toBeChecked()
  await expect(form.getByText('Costs 2.35 credits per started minute of audio.')).toBeVisible()
  await form.getByLabel('Audio file').setInputFiles(VOICE)
  await expect(form.getByText('voice-3s.mp3')).toBeVisible()
  await expect(form.getByText('0.01 MB')).toBeVisible()
  await expect(form.getByLabel('Audio: voice-3s.mp3')).toHaveAttribute('src', /\/media\/[\w-]+\.mp3\?exp=\d+&sig=[\w-]+$/)
  await expect(form.getByText(/^Cost:/)).toHaveText('Cost: 2.35 credits (1 started minute × 2.35)')
  await expectNoSeriousA11yViolations(page)

  await form.getByRole('button', { name: 'Start lip sync' }).click()
  await expect(form.getByRole('button', { name: /Lip syncing/ })).toBeDisabled()
  await expectPlayableResult(page)
  // spec §9: one started minute at 2.35 (11.00 - 2.35).
  await expect(page.getByRole('link', { name: '8.65 credits' })).toBeVisible()

  // spec §4 "Remove clears the audio": another voice on the same video needs no new video.
  const inputUrl = await form.getByLabel('Input video').getAttribute('src')
  await form.getByRole('button', { name: 'Remove audio' }).click()
  await expect(form.getByText('voice-3s.mp3')).toHaveCount(0)
  await expect(form.getByLabel('Input video')).toHaveAttribute('src', inputUrl ?? '')
  await expect(form.getByText('app-walkthrough.mp4')).toBeVisible()
  await form.getByLabel('Audio file').setInputFiles({ name: 'second-voice.wav', mimeType: 'audio/wav', buffer: toneWav(2) })
  await expect(form.getByText('second-voice.wav')).toBeVisible()
  await expect(form.getByRole('button', { name: 'Start lip sync' })).toBeEnabled()
  await form.getByRole('button', { name: 'Start lip sync' }).click()
  await expect(form.getByRole('alert')).toHaveCount(0)
  await expect(form.getByRole('button', { name: /Lip syncing/ })).toBeDisabled()
})

test('the action bar says how many credits are missing, and goes back to Start once a shorter audio is affordable', async ({ page }) => {
  await payingUser(page)
  await page.goto('/ugc-actor?step=2')
  const form = lipSyncForm(page)
  await expect(form.getByLabel('Upload a video')).toBeEnabled()
  await form.getByLabel('Upload a video').setInputFiles(SAMPLE_VIDEO)
  await expect(form.getByLabel('Input video')).toHaveAttribute('src', /\/media\/[\w-]+\.mp4\?exp=\d+&sig=[\w-]+$/)

  // spec §9: 4 min 1 s of audio is 5 started minutes × 2.35 = 11.75, more than the 11.00 bought.
  await form.getByLabel('Audio file').setInputFiles({ name: 'long-speech.wav', mimeType: 'audio/wav', buffer: toneWav(241) })
  await expect(form.getByText(/^Cost:/)).toHaveText('Cost: 11.75 credits (5 started minutes × 2.35)')
  // decision 0135: known before any call; the bar leads to the purchase page instead of starting.
  const addCredits = form.getByRole('link', { name: 'Add credits' })
  await expect(form.getByText('0.75 credits missing')).toBeVisible()
  await expect(addCredits).toHaveAttribute('href', '/purchase')
  await expect(form.getByRole('button', { name: /Start lip sync/ })).toHaveCount(0)

  // Without audio there is no cost: nothing is missing yet.
  await form.getByRole('button', { name: 'Remove audio' }).click()
  await expect(addCredits).toBeHidden()
  await form.getByLabel('Audio file').setInputFiles(VOICE)
  await expect(form.getByText(/^Cost:/)).toHaveText('Cost: 2.35 credits (1 started minute × 2.35)')
  await expect(addCredits).toBeHidden()
  await expect(form.getByText(/credits missing/)).toHaveCount(0)
  await expect(form.getByRole('button', { name: 'Start lip sync · 2.35 credits' })).toBeEnabled()
  await expect(form.getByRole('alert')).toHaveCount(0)
  await expect(outputPanel(page).getByText('Your creation will appear here')).toBeVisible()
  await expect(page.getByRole('link', { name: '11.00 credits' })).toBeVisible()
})

test('a recorded voice on the ?video= video becomes recording.wav and a lip-synced video', async ({ page, request }) => {
  test.setTimeout(GENERATION_TIMEOUT)
  const account = await payingUser(page, { clock: true })
  const videoUrl = await uploadedVideoUrl(request, account)
  await page.goto(`/ugc-actor?step=2&video=${encodeURIComponent(videoUrl)}`)
  const form = lipSyncForm(page)
  await expect(form.getByLabel('Input video')).toHaveAttribute('src', videoUrl)

  await form.getByRole('radio', { name: 'Record audio' }).check()
  await expect(form.getByRole('button', { name: 'Start recording' })).toBeEnabled()
  await form.getByRole('button', { name: 'Start recording' }).click()
  await expect(form.getByText(/Recording… 0:0[2-9]/)).toBeVisible()
  await form.getByRole('button', { name: 'Stop recording' }).click()
  await expect(form.getByText('recording.wav')).toBeVisible()
  await expect(form.getByLabel('Audio: recording.wav')).toHaveAttribute('src', /\/media\/[\w-]+\.wav\?exp=\d+&sig=[\w-]+$/)

  // The model is one of the settings, folded under Settings.
  await form.getByText('Settings', { exact: true }).click()
  await form.getByRole('switch', { name: 'Enhanced lip sync' }).check()
  await expect(form.getByText(/^Cost:/)).toHaveText('Cost: 3.00 credits (1 started minute × 3.00)')
  await form.getByRole('button', { name: 'Start lip sync' }).click()
  await expectPlayableResult(page)
  await expect(page.getByRole('link', { name: '8.00 credits' })).toBeVisible()
})

test('bad files and URLs are refused with the spec messages and nothing is charged', async ({ page }) => {
  await payingUser(page)
  await page.goto('/ugc-actor?step=2')
  const form = lipSyncForm(page)
  await expect(form.getByLabel('Upload a video')).toBeEnabled()

  // spec §5 video upload types.
  await form.getByLabel('Upload a video').setInputFiles({ name: 'clip.avi', mimeType: 'video/x-msvideo', buffer: Buffer.from('RIFF') })
  await expect(form.getByRole('alert')).toHaveText('Invalid file type. Please upload a video file in one of the following formats: mp4, mov, webm, m4v')

  // spec §5 audio upload types and the 10 MB cap (§9).
  await form.getByLabel('Audio file').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') })
  await expect(audioAlert(page).filter({ hasText: 'Invalid file type. Please upload a file with one of the following formats.' })).toContainText(
    'mp3, ogg, wav, m4a, aac',
  )
  const tooLarge = Buffer.alloc(10 * 1024 * 1024 + 1)
  await form.getByLabel('Audio file').setInputFiles({ name: 'long.mp3', mimeType: 'audio/mpeg', buffer: tooLarge })
  await expect(audioAlert(page).filter({ hasText: 'File is too large. Please upload a file smaller than 10MB.' })).toBeVisible()

  // spec §5: audio duration greater than 0 (lipsync_error.invalid_audio): a WAV with no samples,
  // and an MP3 that cannot be decoded, are refused by the server's measurement (decision 0134).
  const invalidAudio = 'This audio has no length or cannot be played. Please use an audio file longer than 0 seconds.'
  const undecodable = Buffer.concat([Buffer.from('ID3\x03\x00\x00\x00\x00\x00\x00', 'latin1'), Buffer.alloc(2048, 0x55)])
  for (const file of [
    { name: 'silence.wav', mimeType: 'audio/wav', buffer: toneWav(0) },
    { name: 'broken.mp3', mimeType: 'audio/mpeg', buffer: undecodable },
  ]) {
    const refused = page.waitForResponse((response) => response.url().endsWith('/api/media/v1/upload'))
    await form.getByLabel('Audio file').setInputFiles(file)
    expect((await refused).status()).toBe(415)
    await expect(audioAlert(page).filter({ hasText: invalidAudio })).toBeVisible()
    await expect(form.getByText(file.name)).toHaveCount(0)
  }

  // spec §5 audio URL: not an address, then one the server will not load (docs/quality.md:
  // no loopback targets; this server is on 127.0.0.1). Each refusal names its real reason (decision 0137).
  await form.getByRole('radio', { name: 'Audio URL' }).check()
  const urlField = form.getByRole('textbox', { name: 'Audio URL' })
  await urlField.fill('voice.mp3')
  await form.getByRole('button', { name: 'Load audio' }).click()
  await expect(audioAlert(page).filter({ hasText: 'This is not a web address. Enter the full link to the audio file, starting with https://.' })).toBeVisible()
  await urlField.fill(new URL('/demo/audio.mp3', page.url()).href)
  await form.getByRole('button', { name: 'Load audio' }).click()
  await expect(form.getByText('Loading the audio…')).toBeHidden()
  await expect(audioAlert(page).filter({ hasText: 'This address cannot be loaded: it points to a private or local network.' })).toBeVisible()
  await expect(form.getByText(/Supported formats: wav, mp3, mpeg, mp4, ogg/)).toBeVisible()
  await expectNoSeriousA11yViolations(page)

  // spec §5 / §8: no video, no audio → lipsync_error messages, no call, no charge.
  await form.getByRole('button', { name: 'Start lip sync' }).click()
  await expect(form.getByRole('alert').filter({ hasText: 'Please add a video to lip sync.' })).toBeVisible()
  await expect(page.getByRole('link', { name: '11.00 credits' })).toBeVisible()
})

test('the lip-sync form and its refusals in German', async ({ page }) => {
  await signInFunded(page, { displayName: 'Lena Lipsync' })
  await useLocale(page, 'de')
  await page.goto('/ugc-actor?step=2')
  const form = page.getByRole('region', { name: 'Lippensynchronisation', exact: true })
  await expect(form.getByLabel('Audiodatei')).toBeEnabled()
  await expect(form.getByRole('radio', { name: 'Audio aufnehmen' })).toBeVisible()
  await expect(form.getByText('Kostet 2,35 Credits pro angefangener Audiominute.')).toBeVisible()
  await form.getByLabel('Audiodatei').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') })
  await expect(form.getByRole('alert')).toContainText('Ungültiger Dateityp. Bitte lade eine Datei in einem der folgenden Formate hoch.')
  await form.getByRole('button', { name: 'Lippensynchronisation starten' }).click()
  await expect(form.getByRole('alert').filter({ hasText: 'Bitte füge ein Video für die Lippensynchronisation hinzu.' })).toBeVisible()
  await expectNoSeriousA11yViolations(page)
})
