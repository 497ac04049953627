import { readFile } from 'node:fs/promises'
import { expect, type Locator, type Page, test } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './support/axe'
import { useLocale } from './support/locale'

// The scripted demo (spec §2 Demo): both steps end to end on a phone, with no server call.

/** Collects every request the page makes to the API. */
function watchApiRequests(page: Page): string[] {
  const apiRequests: string[] = []
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api')) apiRequests.push(request.url())
  })
  return apiRequests
}

/** The output panel of the step on screen (the other step's panel is hidden). */
const outputPanel = (page: Page, name = 'Output video') => page.getByRole('region', { name })

const stepButton = (page: Page, name: RegExp) => page.getByRole('navigation', { name: 'Demo steps' }).getByRole('button', { name })

/** Stops the page's clock: from here the scripted progress moves only when the test moves time. */
async function pauseClock(page: Page): Promise<void> {
  // Let the app finish booting (catalogs, route chunk) before time stops:
  // on a cold server the first test otherwise freezes the boot itself.
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 15_000 })
  const now = await page.evaluate(() => Date.now())
  await page.clock.pauseAt(now + 1000)
}

/**
 * Walks a scripted run through time (spec §9): halfway after 1500 ms, 100 % at
 * 3000 ms, the result only after the 500 ms pause.
 */
async function expectScriptedRun(page: Page, progressName: string, result: Locator): Promise<void> {
  const progress = page.getByRole('progressbar', { name: progressName })
  await expect(progress).toHaveJSProperty('value', 0)
  await page.clock.runFor(1500)
  await expect(progress).toHaveJSProperty('value', 50)
  await expect(page.getByText('50%', { exact: true })).toBeVisible()
  await page.clock.runFor(1500)
  await expect(progress).toHaveJSProperty('value', 100)
  await expect(result).toBeHidden()
  await page.clock.runFor(500)
  await expect(result).toBeVisible()
  await expect(progress).toBeHidden()
}

test('the whole demo: generate, download, add voice, lip sync, never calling the API', async ({ page }) => {
  test.setTimeout(90_000)
  const apiRequests = watchApiRequests(page)
  await page.clock.install()
  await page.goto('/demo')

  await expect(page.getByRole('heading', { level: 1 })).toHaveText('See Actorly in action')
  // The media are drawn by ffmpeg, and the banner says so (docs/decisions/0083).
  await expect(page.getByText(/This is a demo with sample media: the videos and the voice are illustrative samples, made without AI\./)).toBeVisible()
  await expect(stepButton(page, /AI Actor/)).toHaveAttribute('aria-current', 'step')
  await expect(stepButton(page, /AI Actor/)).toContainText('No video yet')
  await expect(page.getByLabel('Prompt')).toBeDisabled()
  await expect(page.getByLabel('Seed')).toHaveValue('123456')
  await expect(page.getByLabel('Aspect ratio')).toHaveText('9:16 Portrait')
  await expect(page.getByLabel('Resolution')).toHaveText('1080p')
  await expect(outputPanel(page).getByText('Your creation will appear here')).toBeVisible()
  await expectNoSeriousA11yViolations(page)

  // Step 1: Generate shows the scripted progress, then the canned video.
  await pauseClock(page)
  await page.getByRole('button', { name: 'Generate', exact: true }).click()
  await expect(page.getByRole('button', { name: /Generating/ })).toBeDisabled()
  await expect(outputPanel(page).getByRole('status')).toHaveText('AI video generation in progress')
  await expectScriptedRun(page, 'Video generation progress', page.getByLabel('Generated sample video'))
  await page.clock.resume()
  await expect(stepButton(page, /AI Actor/)).toContainText('Video generated')

  // Download saves the real clip as ugc-video.mp4.
  const downloading = page.waitForEvent('download')
  await page.getByRole('link', { name: 'Download' }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toBe('ugc-video.mp4')
  const bytes = await readFile(await download.path())
  expect(bytes.subarray(4, 8).toString('latin1')).toBe('ftyp')

  // Add voice: step 2 with the generated video as input.
  await page.getByRole('button', { name: 'Add voice' }).click()
  await expect(stepButton(page, /Lip Sync/)).toHaveAttribute('aria-current', 'step')
  await expect(page.getByRole('img', { name: 'Input video: the generated sample' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Add voice' })).toBeHidden()
  await expect(page.getByText('demo-voice.mp3')).toBeVisible()
  await expect(page.getByText('2.5 MB')).toBeVisible()
  // The demo audio plays from its card's button.
  await expect(page.getByRole('button', { name: 'Play the demo audio' })).toBeVisible()
  await expect(page.getByLabel('Demo audio')).toHaveAttribute('src', '/demo/audio.mp3')

  // The enhanced switch, folded under Settings as in the app, toggles; its info tip shows on focus.
  await page.getByRole('region', { name: 'Give your actor a voice' }).getByText('Settings', { exact: true }).click()
  const enhanced = page.getByRole('switch', { name: 'Enhanced lip sync' })
  await enhanced.check()
  await expect(enhanced).toBeChecked()
  await page.getByRole('button', { name: 'About enhanced lip sync' }).focus()
  await expect(page.getByRole('tooltip')).toContainText('In the demo it changes nothing')
  await page.keyboard.press('Escape')
  await expect(page.getByRole('tooltip')).toBeHidden()

  // Start lip sync: the same progress, then the lip-synced clip.
  await pauseClock(page)
  await page.getByRole('button', { name: 'Start lip sync' }).click()
  await expectScriptedRun(page, 'Lip sync progress', page.getByLabel('Lip-synced sample video'))
  await page.clock.resume()
  await expect(stepButton(page, /Lip Sync/)).toContainText('Lip sync complete')
  await expect(page.getByRole('link', { name: 'Download' })).toBeVisible()
  await expectNoSeriousA11yViolations(page)

  // Remove and restore the input video.
  await page.getByRole('button', { name: 'Remove' }).click()
  await expect(page.getByText(/The demo needs its sample video/)).toBeVisible()
  await expect(page.getByRole('button', { name: 'Start lip sync' })).toBeDisabled()
  await expectNoSeriousA11yViolations(page)
  await page.getByRole('button', { name: 'Use sample video' }).click()
  await expect(page.getByRole('button', { name: 'Start lip sync' })).toBeEnabled()

  // Back in step 1, Add voice clears the lip-sync result.
  await stepButton(page, /AI Actor/).click()
  await page.getByRole('button', { name: 'Add voice' }).click()
  await expect(page.getByLabel('Lip-synced sample video')).toBeHidden()
  await expect(outputPanel(page).getByText('Your creation will appear here')).toBeVisible()
  await expect(stepButton(page, /Lip Sync/)).toContainText('Not lip-synced yet')

  // Start creating leads to the real generator.
  await page.getByRole('link', { name: 'Start creating' }).click()
  await expect(page).toHaveURL(/\/ugc-actor(\?|$)/)

  expect(apiRequests).toEqual([])
})

test('Generate is ignored while it runs', async ({ page }) => {
  await page.clock.install()
  await page.goto('/demo')
  await pauseClock(page)
  await page.getByRole('button', { name: 'Generate', exact: true }).click()
  await page.clock.runFor(1000)
  const busy = page.getByRole('button', { name: /Generating/ })
  await expect(busy).toBeDisabled()
  await busy.click({ force: true })
  // A restarted run would now stand at two thirds; the first one is at its end.
  await page.clock.runFor(2000)
  await expect(page.getByRole('progressbar', { name: 'Video generation progress' })).toHaveJSProperty('value', 100)
  await page.clock.runFor(500)
  await expect(page.getByLabel('Generated sample video')).toBeVisible()
})

test('the demo speaks German', async ({ page }) => {
  await useLocale(page, 'de')
  const apiRequests = watchApiRequests(page)
  await page.goto('/demo')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Erlebe Actorly in Aktion')
  await expect(page.getByText(/Videos und Stimme sind Anschauungsbeispiele, ohne KI erstellt\./)).toBeVisible()
  await expect(page.getByRole('button', { name: 'Generieren', exact: true })).toBeVisible()
  await expect(outputPanel(page, 'Ausgabevideo').getByText('Deine Kreation erscheint hier')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Jetzt erstellen' })).toBeVisible()
  await page
    .getByRole('navigation', { name: 'Demo-Schritte' })
    .getByRole('button', { name: /Lippensynchronisation/ })
    .click()
  await expect(page.getByText('2,5 MB')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Lippensynchronisation starten' })).toBeEnabled()
  await expectNoSeriousA11yViolations(page)
  expect(apiRequests).toEqual([])
})

test('with reduced motion the loading animation stands still', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' })
  await page.clock.install()
  await page.goto('/demo')
  await pauseClock(page)
  await page.getByRole('button', { name: 'Generate', exact: true }).click()
  // The pulse is decoration with no role or text, so a class is the only handle on it.
  await expect(page.locator('.output-panel__pulse').first()).toHaveCSS('animation-name', 'none')
})
