import { mkdir } from 'node:fs/promises'
import path from 'node:path'
import { expect, type Locator, type Page, test } from '@playwright/test'
import { buyCredits, createVerifiedAccount, signInThroughUI } from './support/accounts'
import { SAMPLE_VIDEO, VOICE } from './support/generation'
import { expectToFitWidth } from './support/layout'
import { useLocale } from './support/locale'
import { expectContrast, expectHyphenatedBreaks, expectInView, expectTapTargetsOf44 } from './support/screen-checks'

// The generators as one-screen composers (spec §2 UGC actor page; docs/decisions/0135, 0138),
// at 320, 390 and 1280 px in English and German: after Generate the progress and then the
// result are on screen without scrolling; nothing scrolls sideways; every tap target is at
// least 44 px; text contrast passes axe; German words break only with a hyphen. Each screen
// is written to test-results/screens/ (not committed) for a reviewer to look at.

const SCREENS = path.resolve(import.meta.dirname, '../../test-results/screens')
const FACE = path.resolve(import.meta.dirname, 'fixtures/face.png')

const WORDS = {
  en: {
    generate: /^Generate · 1\.75 credits$/,
    generating: /Generating/,
    template: /Podcast host/,
    output: 'Output Video',
    outputLipSync: 'Output video',
    progress: 'Video generation progress',
    lipSyncProgress: 'Lip sync progress',
    generated: 'Generated video',
    addVoice: 'Add voice',
    download: 'Download',
    lipSync: 'Lip sync',
    audioFile: 'Audio file',
    startLipSync: /^Start lip sync · 2\.35 credits$/,
    faceImage: 'Face image',
    ready: 'Ready',
  },
  de: {
    generate: /^Generieren · 1,75 Credits$/,
    generating: /Wird generiert/,
    template: /Podcast-Host/,
    output: 'Ausgabevideo',
    outputLipSync: 'Ausgabevideo',
    progress: 'Fortschritt der Videoerstellung',
    lipSyncProgress: 'Fortschritt der Lippensynchronisation',
    generated: 'Erstelltes Video',
    addVoice: 'Stimme hinzufügen',
    download: 'Herunterladen',
    lipSync: 'Lippensynchronisation',
    audioFile: 'Audiodatei',
    startLipSync: /^Lippensynchronisation starten · 2,35 Credits$/,
    faceImage: 'Gesichtsbild',
    ready: 'Bereit',
  },
} as const

const main = (page: Page): Locator => page.getByRole('main')

/** The checks every composer screen passes, and its picture for the reviewer. */
async function lookAt(page: Page, name: string): Promise<void> {
  await page.evaluate(() => document.fonts.ready)
  await expectToFitWidth(page, name)
  await expectTapTargetsOf44(main(page), name)
  await expectHyphenatedBreaks(main(page), name)
  await expectContrast(page, name)
  await page.screenshot({ path: path.join(SCREENS, `${name}.png`) })
}

for (const locale of ['en', 'de'] as const) {
  for (const width of [320, 390, 1280]) {
    test.describe(`${locale} at ${width} px`, () => {
      test.use({ viewport: { width, height: width >= 1000 ? 800 : 740 } })

      test('UGC actor, lip sync and consistent actor: progress and result in view, every screen usable', async ({ page }) => {
        test.setTimeout(300_000)
        await mkdir(SCREENS, { recursive: true })
        const words = WORDS[locale]
        const shot = (step: string) => `composer-${locale}-${width}-${step}`
        const account = await createVerifiedAccount({ displayName: 'Carla Composer' })
        await buyCredits(page.request, account, { priceId: 'starter' })
        await signInThroughUI(page, account)
        await useLocale(page, locale)
        await page.goto('/ugc-actor')
        await expect(main(page).getByRole('button', { name: words.generate })).toBeVisible()
        await lookAt(page, shot('ugc'))

        // A template: its sample on the canvas, its prompt under it.
        await main(page).getByRole('button', { name: words.template }).click()
        const canvas = page.getByRole('region', { name: words.output, exact: true })
        await expect(canvas.getByText(words.template)).toBeVisible()
        // Back at the top, as the user who scrolls up to look at it.
        await page.evaluate(() => window.scrollTo(0, 0))
        await expectInView(canvas, 'the canvas with the sample')
        await lookAt(page, shot('ugc-template'))

        // Generate: the canvas with the progress comes into view, then the result plays there.
        await main(page).getByRole('button', { name: words.generate }).click()
        await expect(main(page).getByRole('button', { name: words.generating })).toBeDisabled()
        const progress = canvas.getByRole('progressbar', { name: words.progress })
        await expect(progress).toBeVisible()
        await expectInView(canvas, 'the canvas with the progress')
        await lookAt(page, shot('ugc-progress'))
        const video = canvas.getByLabel(words.generated)
        await expect(video).toBeVisible({ timeout: 90_000 })
        await expectInView(canvas, 'the canvas with the result')
        await expect(main(page).getByRole('button', { name: words.addVoice })).toBeVisible()
        await expect(main(page).getByRole('button', { name: words.download })).toBeVisible()
        // The toast that announced the video has had its 5 s.
        await expect(page.getByRole('region', { name: /Notifications|Benachrichtigungen/ }).getByRole('listitem')).toHaveCount(0, { timeout: 10_000 })
        await lookAt(page, shot('ugc-result'))

        // Add voice: the video is the lip-sync input; with a voice the lip sync runs the same way.
        await main(page).getByRole('button', { name: words.addVoice }).click()
        const form = page.getByRole('region', { name: words.lipSync, exact: true })
        await form.getByLabel(words.audioFile).setInputFiles(VOICE)
        await expect(form.getByText('voice-3s.mp3')).toBeVisible()
        const start = form.getByRole('button', { name: words.startLipSync })
        await expect(start).toBeEnabled()
        await lookAt(page, shot('lipsync'))
        await start.click()
        const lipSyncCanvas = page.getByRole('region', { name: words.outputLipSync, exact: true })
        await expect(lipSyncCanvas.getByRole('progressbar', { name: words.lipSyncProgress })).toBeVisible()
        await expectInView(lipSyncCanvas, 'the lip-sync canvas with the progress')
        await expect(lipSyncCanvas.locator('video[aria-label]')).toBeVisible({ timeout: 90_000 })
        await expectInView(lipSyncCanvas, 'the lip-sync canvas with the result')
        await expect(form.getByRole('button', { name: words.download })).toBeVisible()
        await expect(page.getByRole('region', { name: /Notifications|Benachrichtigungen/ }).getByRole('listitem')).toHaveCount(0, { timeout: 10_000 })
        await lookAt(page, shot('lipsync-result'))

        // An uploaded input video shows its first frame in a 9:16 card.
        await page.goto('/ugc-actor?step=2')
        // The pickers open once the session (and its token for uploads) is back.
        const videoPicker = form.getByLabel(/^(Upload a video|Video hochladen)$/)
        await expect(videoPicker).toBeEnabled()
        await videoPicker.setInputFiles(SAMPLE_VIDEO)
        await expect(form.getByText('app-walkthrough.mp4')).toBeVisible()
        await expect
          .poll(() => form.getByLabel(/^(Input video|Eingabevideo)$/).evaluate((element) => element instanceof HTMLVideoElement && element.readyState >= 2))
          .toBe(true)
        await lookAt(page, shot('lipsync-upload'))

        // The consistent actor: the face on the canvas and on its card.
        await page.goto('/consistent-actor')
        await expect(main(page).getByLabel(words.faceImage)).toBeEnabled()
        await main(page).getByLabel(words.faceImage).setInputFiles(FACE)
        await expect(main(page).getByText(words.ready, { exact: true })).toBeVisible()
        await lookAt(page, shot('consistent'))
      })
    })
  }
}
