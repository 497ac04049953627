import { expect, type Locator, type Page, test } from '@playwright/test'
import { createVerifiedAccount, type EmulatorAccount, signInThroughUI } from './support/accounts'
import { expectNoSeriousA11yViolations } from './support/axe'
import { expectToFitWidth, expectTouchTargets } from './support/screen-checks'
import { useLocale as chooseLocale } from './support/locale'
import { seedGallery, type SeededItem, userRecordId, withoutSignature } from './support/seed-gallery'
import { waitForServiceWorkerControl } from './support/service-worker'

// The gallery shows what is in it (docs/decisions/0163, 0164, 0165): every tile
// is the video's poster frame with its length, one grid on every tab, and the
// preview fills the screen with its actions in reach, at 320, 390 and 1280 px
// in English and German. Screenshots go to test-results/ for a reviewer.

const WORDS = {
  en: {
    tab: /^UGC video \d+$/,
    preview: 'Preview: ',
    page2: 'Page 2',
    dialog: 'Video preview',
    more: 'Show more',
    less: 'Show less',
    download: 'Download',
    voice: 'Add voice',
  },
  de: {
    tab: /^UGC-Video \d+$/,
    preview: 'Vorschau: ',
    page2: 'Seite 2',
    dialog: 'Videovorschau',
    more: 'Mehr anzeigen',
    less: 'Weniger anzeigen',
    download: 'Herunterladen',
    voice: 'Stimme hinzufügen',
  },
} as const

const LONG_PROMPT =
  'A cheerful barista in a sunlit café presents the new oat-milk latte to camera, explains in three short sentences why the foam holds its shape, and ends with an invitation to try it this week at half price'

const tiles = (page: Page, locale: 'en' | 'de' = 'en'): Locator => page.getByRole('button', { name: new RegExp(`^${WORDS[locale].preview}`) })

async function openGallery(page: Page, account: EmulatorAccount, locale: 'en' | 'de' = 'en'): Promise<void> {
  await signInThroughUI(page, account)
  // Signed in through the English form; the gallery in the language asked for.
  if (locale !== 'en') await chooseLocale(page, locale)
  await page.goto('/gallery')
  await expect(page.getByRole('tab', { name: WORDS[locale].tab })).toBeVisible({ timeout: 20_000 })
}

/** Whether an image has loaded and decoded to a real picture. */
const loaded = (image: Locator): Promise<number> => image.evaluate((element: HTMLImageElement) => (element.complete ? element.naturalWidth : 0))

test('tiles show each video’s poster frame and length, in one grid on every tab', async ({ page, request }) => {
  test.setTimeout(90_000)
  await page.setViewportSize({ width: 390, height: 844 })
  const account = await createVerifiedAccount()
  const seeded = await seedGallery(await userRecordId(request, account), { ugc: 3, lipsync: 2, consistent: 2 })
  const posterAnswer = page.waitForResponse((response) => response.url().includes('.jpg?'))
  await openGallery(page, account)

  const newest = seeded.filter((item) => item.kind === 'ugc').at(-1)
  const first = tiles(page).first()
  await expect(first).toHaveAccessibleName(`Preview: ${newest?.prompt}`)
  expect((await posterAnswer).headers()['content-type']).toBe('image/jpeg')
  await expect.poll(() => loaded(first.locator('img'))).toBeGreaterThan(0)
  expect(withoutSignature(await first.locator('img').getAttribute('src'))).toBe(newest?.posterUrl)
  // No tile loads its video just to show a picture.
  await expect(page.locator('.gallery-grid video')).toHaveCount(0)
  // The landing sample the seed copies lasts 4 s.
  await expect(first).toHaveAccessibleDescription('Length: 4 seconds')
  await expect(page.locator('.video-card__duration').first()).toHaveText(/0:04/)

  // The same grid on every tab: two columns of tiles of one size at this width.
  const sizes: string[] = []
  for (const tab of [/^UGC video/, /^Lip sync/, /^Consistent avatar/]) {
    await page.getByRole('tab', { name: tab }).click()
    const [a, b] = [await tiles(page).nth(0).boundingBox(), await tiles(page).nth(1).boundingBox()]
    expect(a?.y).toBe(b?.y)
    sizes.push(`${Math.round(a?.width ?? 0)}×${Math.round(a?.height ?? 0)}`)
    await expect.poll(() => loaded(tiles(page).first().locator('img').last())).toBeGreaterThan(0)
  }
  expect(new Set(sizes).size).toBe(1)
})

for (const locale of ['en', 'de'] as const) {
  test(`${locale}: the gallery and its full-screen preview at 320, 390 and 1280 px`, async ({ page, request }, testInfo) => {
    test.setTimeout(150_000)
    const words = WORDS[locale]
    const account = await createVerifiedAccount()
    const [, longOne] = await seedGallery(
      await userRecordId(request, account),
      { ugc: 12 },
      { promptOf: (_kind, index) => (index === 2 ? LONG_PROMPT : `Seeded ugc video ${index}`) },
    )
    if (longOne === undefined) throw new Error('nothing seeded')
    await openGallery(page, account, locale)

    for (const width of [320, 390, 1280]) {
      const height = width === 1280 ? 800 : 700
      await page.setViewportSize({ width, height })
      await page.goto('/gallery')
      await expect(tiles(page, locale)).toHaveCount(10)
      await expect.poll(() => loaded(tiles(page, locale).first().locator('img'))).toBeGreaterThan(0)
      await expectToFitWidth(page, `gallery ${locale} ${width}`)
      await expectTouchTargets(page.getByRole('main'), `gallery ${locale} ${width}`)
      await expectNoSeriousA11yViolations(page)
      await page.screenshot({ path: testInfo.outputPath(`gallery-${locale}-${width}.png`), fullPage: true })

      // The long prompt's video is the first on page 2 of 12.
      await page.getByRole('button', { name: words.page2, exact: true }).click()
      await page.getByRole('button', { name: `${words.preview}${LONG_PROMPT}` }).click()
      const dialog = page.getByRole('dialog', { name: words.dialog })
      await expect(dialog).toBeVisible()
      // Full-bleed: the preview is the whole viewport.
      expect(await dialog.boundingBox()).toEqual({ x: 0, y: 0, width, height })
      const video = dialog.locator('video')
      await expect(video).toHaveAttribute('poster', /\.jpg\?exp=/)
      // As large as the room left allows, once the clip's own size is known.
      await expect.poll(async () => (await video.boundingBox())?.height ?? 0).toBeGreaterThan(height * (width === 1280 ? 0.8 : 0.4))
      // The actions sit inside the screen without scrolling.
      for (const name of [words.download, words.voice]) {
        const box = await dialog.getByRole(name === words.download ? 'button' : 'link', { name }).boundingBox()
        expect(box !== null && box.y >= 0 && box.y + box.height <= height).toBe(true)
      }
      // The long prompt shows two lines and opens on request.
      const prompt = dialog.getByText(LONG_PROMPT)
      const lineHeight = await prompt.evaluate((element) => Number.parseFloat(getComputedStyle(element).lineHeight))
      expect((await prompt.boundingBox())?.height ?? 0).toBeLessThanOrEqual(2 * lineHeight + 1)
      await expectTouchTargets(dialog, `preview ${locale} ${width}`)
      await expectNoSeriousA11yViolations(page)
      await page.screenshot({ path: testInfo.outputPath(`preview-${locale}-${width}.png`) })
      await dialog.getByRole('button', { name: words.more }).click()
      expect((await prompt.boundingBox())?.height ?? 0).toBeGreaterThan(2 * lineHeight + 1)
      await expect(dialog.getByRole('button', { name: words.less })).toHaveAttribute('aria-expanded', 'true')
      await page.keyboard.press('Escape')
      await expect(dialog).toBeHidden()
    }
  })
}

test('Add voice in the preview opens lip sync with that video', async ({ page, request }) => {
  test.setTimeout(60_000)
  const account = await createVerifiedAccount()
  const [item] = await seedGallery(await userRecordId(request, account), { ugc: 1 })
  if (item === undefined) throw new Error('nothing seeded')
  await openGallery(page, account)
  await tiles(page).first().click()
  await page.getByRole('dialog').getByRole('link', { name: 'Add voice' }).click()
  await expect(page).toHaveURL(/\/ugc-actor\?/)
  const search = new URL(page.url()).searchParams
  expect(search.get('step')).toBe('2')
  expect(withoutSignature(search.get('video'))).toBe(item.outputUrl)
})

test('offline, a kept video’s tile still shows its poster, from the device', async ({ page, context, request }) => {
  test.setTimeout(90_000)
  const account = await createVerifiedAccount()
  const [other, kept] = await seedGallery(await userRecordId(request, account), { ugc: 2 })
  if (other === undefined || kept === undefined) throw new Error('nothing seeded')
  await openGallery(page, account)
  await waitForServiceWorkerControl(page)
  await keep(page, kept)

  // Without the browser's HTTP cache (media links are cached until they expire), only the worker can answer.
  const cdp = await context.newCDPSession(page)
  await cdp.send('Network.clearBrowserCache')
  await cdp.detach()
  await context.setOffline(true)
  const answered = page.waitForResponse((response) => withoutSignature(response.url()) === kept.posterUrl, { timeout: 20_000 })
  await page.reload()
  await expect(page.getByText('You are offline — showing your saved gallery')).toBeVisible()
  expect((await answered).fromServiceWorker()).toBe(true)
  const keptTile = page.getByRole('button', { name: `Preview: ${kept.prompt}` })
  await expect.poll(() => loaded(keptTile.locator('img'))).toBeGreaterThan(0)
  // The other video is not on this device: its tile asks for nothing and says so.
  await expect(page.getByRole('button', { name: `Preview: ${other.prompt}` }).locator('img, video')).toHaveCount(0)
  await expect(page.getByText('Not available offline')).toHaveCount(1)
})

async function keep(page: Page, item: SeededItem): Promise<void> {
  await page.getByRole('button', { name: `Preview: ${item.prompt}` }).click()
  const dialog = page.getByRole('dialog', { name: 'Video preview' })
  await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Download' }).click()])
  await expect(dialog.getByText('Saved. This video now plays offline too.')).toBeVisible()
  await expect(dialog.getByRole('button', { name: 'Remove from this device' })).toBeVisible()
  await dialog.getByRole('button', { name: 'Close' }).click()
}
