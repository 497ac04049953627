import path from 'node:path'
import { createEmulatorAccount, signIn } from '../../server/testing/emulator-accounts.ts'
import { E2E_DEMO_EMAIL } from '../../scripts/e2e-env.ts'
import { type EmulatorAccount, signInThroughUI } from './support/accounts.ts'
import { expect, test } from './support/fixtures.ts'
import type { Locator } from './support/locator.ts'
import { expectToPlay, readWav } from './support/media.ts'
import type { Phone } from './support/phone.ts'

// Step 2 of /ugc-actor on every engine (spec §2 lip-sync input, §4 audio source
// mode): a video and an audio file chosen through the file inputs, and a voice
// recorded from the engine's fake microphone (WebKitGTK's mock capture device,
// Firefox's fake stream), which must reach the server as recording.wav. The
// demo account (spec §6) is polled every 10 ticks, so a lip sync ends in
// seconds; the paid path and its charges are the Chromium suite's.

test.setTimeout(180_000)

const root = path.resolve(import.meta.dirname, '../..')
const SAMPLE_VIDEO = path.join(root, 'public/samples/app-walkthrough.mp4')
const VOICE = path.join(root, 'tests/e2e/fixtures/voice-3s.mp3')

/** The run's demo account: made on first use, signed in with afterwards. */
async function demoAccount(authEmulatorURL: string): Promise<Pick<EmulatorAccount, 'email' | 'password'>> {
  const host = new URL(authEmulatorURL).host
  const password = 'Passw0rd!'
  const known = await signIn(host, E2E_DEMO_EMAIL, password).then(
    () => true,
    () => false,
  )
  if (!known) await createEmulatorAccount(host, { email: E2E_DEMO_EMAIL, displayName: 'Demo Account', verified: true })
  return { email: E2E_DEMO_EMAIL, password }
}

const lipSyncForm = (phone: Phone): Locator => phone.getByRole('region', { name: 'Lip sync', exact: true })

async function withInputVideo(phone: Phone): Promise<Locator> {
  // Signed in: the top bar shows the balance (the demo account's generations are free).
  await phone
    .getByRole('banner')
    .getByRole('link', { name: /credits$/ })
    .shown()
  await phone.goto('/ugc-actor?step=2')
  const form = lipSyncForm(phone)
  // The pickers open once the session (and its token for uploads) is back.
  await form.getByLabel('Upload a video').enabled()
  await form.getByLabel('Upload a video').setInputFiles(SAMPLE_VIDEO)
  await form.getByText('app-walkthrough.mp4').shown()
  await expect.poll(async () => (await form.getByLabel('Input video').attribute('src')) ?? '').not.toBe('')
  return form
}

async function expectPlayableResult(phone: Phone): Promise<void> {
  const video = phone.getByRole('region', { name: 'Output video', exact: true }).locator('video')
  await video.attached(90_000)
  await expectToPlay(video)
}

test('an uploaded video and audio file become a lip-synced video that plays', async ({ phone, run }) => {
  await signInThroughUI(phone, await demoAccount(run.authEmulatorURL))
  const form = await withInputVideo(phone)
  await form.getByRole('radio', { name: 'Upload file' }).checked()
  await form.getByLabel('Audio file').setInputFiles(VOICE)
  await form.getByText('voice-3s.mp3').shown()
  await expect.poll(async () => (await form.getByLabel('Audio: voice-3s.mp3').attribute('src')) ?? '').not.toBe('')

  await form.getByRole('button', { name: 'Start lip sync' }).click()
  await expectPlayableResult(phone)
})

test('a voice recorded from the fake microphone reaches the server as recording.wav and is lip synced', async ({ phone, run, site }) => {
  await signInThroughUI(phone, await demoAccount(run.authEmulatorURL))
  const form = await withInputVideo(phone)
  await form.getByRole('radio', { name: 'Record audio' }).check()
  await form.getByRole('button', { name: 'Start recording' }).click()
  await form.getByText(/Recording… 0:0[2-9]/).shown()
  await form.getByRole('button', { name: 'Stop recording' }).click()
  await form.getByText('recording.wav').shown(30_000)

  // spec §4: the take is converted to WAV named recording.wav and uploaded (16-bit PCM, mono: decision 0150).
  const upload = site.uploads.find((file) => file.filename === 'recording.wav')
  expect(upload, 'recording.wav was uploaded').toBeDefined()
  expect(upload?.mimeType).toBe('audio/wav')
  const wav = readWav(upload?.bytes ?? Buffer.alloc(0))
  expect(wav).toMatchObject({ format: 1, channels: 1, bitsPerSample: 16 })
  expect(wav?.seconds).toBeGreaterThan(1.5)

  await form.getByRole('button', { name: 'Start lip sync' }).click()
  await expectPlayableResult(phone)
})
