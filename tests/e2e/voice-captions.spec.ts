import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { expect, type Locator, type Page, test } from '@playwright/test'
import { buyCredits, createVerifiedAccount, signInThroughUI } from './support/accounts'
import { expectNoSeriousA11yViolations } from './support/axe'
import { expectToPlay, runPollsUntil } from './support/generation'
import { useLocale as openInLocale } from './support/locale'

// "Say it and see it" (docs/decisions/0232, 0234) on the real server and its
// embedded voice and renderer: a typed script becomes a voice (its sample
// played first), the voice becomes the lip-sync audio, captions in the bold
// style are previewed and burnt in; the captioned video plays and its .vtt
// downloads. Once in English and once in German, umlauts in the script.

const SAMPLE_VIDEO = path.resolve(import.meta.dirname, '../../public/samples/app-walkthrough.mp4')
const GENERATION_TIMEOUT = 180_000

/** What the journey reads on screen, in the language it runs in. */
interface Words {
  /** The top bar's balance: "10.90 credits". */
  credits: (amount: number) => string
  lipSync: string
  output: string
  uploadVideo: string
  inputVideo: string
  typeScript: string
  script: string
  count: string
  seconds: RegExp
  voice: string
  play: string
  pause: string
  local: string
  create: string
  card: string
  settings: string
  captions: string
  bold: string
  preview: string
  start: RegExp
  vtt: string
}

const ENGLISH: Words = {
  credits: (amount) => `${amount.toLocaleString('en', { minimumFractionDigits: 2 })} credits`,
  lipSync: 'Lip sync',
  output: 'Output video',
  uploadVideo: 'Upload a video',
  inputVideo: 'Input video',
  typeScript: 'Type a script',
  script: 'What should the actor say?',
  count: '39 / 1,000 characters',
  seconds: /^about \d+ s$/,
  voice: 'Leo',
  play: 'Play the sample of Leo',
  pause: 'Pause the sample of Leo',
  local: 'Local preview voice – not AI',
  create: 'Create voice · 0.10 credits',
  card: 'Voice: Leo',
  settings: 'Settings',
  captions: 'Captions',
  bold: 'Bold',
  preview: 'Preview of the captions on your video',
  start: /^Start lip sync/,
  vtt: 'Download captions (.vtt)',
}

const GERMAN: Words = {
  credits: (amount) => `${amount.toLocaleString('de', { minimumFractionDigits: 2 })} Credits`,
  lipSync: 'Lippensynchronisation',
  output: 'Ausgabevideo',
  uploadVideo: 'Video hochladen',
  inputVideo: 'Eingabevideo',
  typeScript: 'Text eingeben',
  script: 'Was soll der Darsteller sagen?',
  count: '37 / 1.000 Zeichen',
  seconds: /^etwa \d+ s$/,
  voice: 'Max',
  play: 'Hörprobe von Max abspielen',
  pause: 'Hörprobe von Max anhalten',
  local: 'Lokale Vorschaustimme – keine KI',
  create: 'Stimme erstellen · 0,10 Credits',
  card: 'Stimme: Max',
  settings: 'Einstellungen',
  captions: 'Untertitel',
  bold: 'Fett',
  preview: 'Vorschau der Untertitel auf deinem Video',
  start: /^Lippensynchronisation starten/,
  vtt: 'Untertitel laden (.vtt)',
}

async function journey(page: Page, words: Words, script: string): Promise<string> {
  const account = await createVerifiedAccount({ displayName: 'Vera Voice' })
  await buyCredits(page.request, account, { priceId: 'starter' })
  await page.clock.install()
  // Signed in through the English form; the app then opens in the journey's language.
  await signInThroughUI(page, account)
  if (words === GERMAN) await openInLocale(page, 'de')
  await page.goto('/ugc-actor?step=2')
  await expect(page.getByRole('link', { name: words.credits(11) })).toBeVisible()
  // The step and its form share the name in German: the form is the inner one.
  const form: Locator = page.getByRole('region', { name: words.lipSync, exact: true }).last()
  await expect(form.getByLabel(words.uploadVideo)).toBeEnabled()
  await form.getByLabel(words.uploadVideo).setInputFiles(SAMPLE_VIDEO)
  await expect(form.getByLabel(words.inputVideo)).toHaveAttribute('src', /\/media\/[\w-]+\.mp4\?/)

  // The fourth audio source: the words, their count and about how long they take to say.
  await form.getByRole('radio', { name: words.typeScript }).check()
  await form.getByLabel(words.script).fill(script)
  await expect(form.getByText(words.count)).toBeVisible()
  await expect(form.getByText(words.seconds)).toBeVisible()
  await form.getByRole('radio', { name: words.voice, exact: true }).check()
  // The voice's sample plays (the button turns to pause while it does).
  await form.getByRole('button', { name: words.play }).click()
  await expect(form.getByRole('button', { name: words.pause })).toBeVisible()
  await expect(form.getByText(words.local)).toBeVisible()

  await form.getByRole('button', { name: words.create }).click()
  // The finished voice is the audio card, exactly as an upload.
  await expect(form.getByText(words.card)).toBeVisible({ timeout: 60_000 })
  await expect(form.getByLabel(`Audio: ${words.card}`)).toHaveAttribute('src', /\/media\/[\w-]+\.\w+\?exp=\d+&sig=[\w-]+$/)
  await expect(page.getByRole('link', { name: words.credits(10.9) })).toBeVisible()

  await form.getByText(words.settings, { exact: true }).click()
  await form.getByRole('switch', { name: words.captions }).click()
  await form.getByRole('radio', { name: new RegExp(`^${words.bold}`) }).check()
  // The preview waits for the last change (400 ms on the page's clock).
  await expect(async () => {
    await page.clock.runFor(500)
    await expect(form.getByRole('img', { name: words.preview })).toBeVisible({ timeout: 1000 })
  }).toPass({ timeout: 30_000 })
  // The voice card, the captions' styles, still and fields: named, labelled, legible.
  await expectNoSeriousA11yViolations(page)

  await form.getByRole('button', { name: words.start }).click()
  const video = page.getByRole('region', { name: words.output, exact: true }).locator('video')
  await runPollsUntil(page, async () => (await video.count()) === 1)
  await expectToPlay(video)

  const downloading = page.waitForEvent('download')
  await page.getByRole('link', { name: words.vtt }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toBe('captions.vtt')
  return readFile((await download.path()) ?? '', 'utf8')
}

test('a typed script becomes a voice, lip synced with bold captions; the video plays and its .vtt downloads', async ({ page }) => {
  test.setTimeout(GENERATION_TIMEOUT)
  const vtt = await journey(page, ENGLISH, 'Hello! This is my new ad. Try it today.')
  expect(vtt.split('\n')[0]).toBe('WEBVTT')
  expect(vtt).toContain('Hello!')
})

test('the same in German: umlauts in the script reach the captions', async ({ page }) => {
  test.setTimeout(GENERATION_TIMEOUT)
  const vtt = await journey(page, GERMAN, 'Grüße aus Köln! Die Straße ist schön.')
  expect(vtt.split('\n')[0]).toBe('WEBVTT')
  expect(vtt).toContain('Grüße aus Köln!')
})
