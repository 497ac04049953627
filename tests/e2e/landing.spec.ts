import { expect, type Page, test } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './support/axe'
import { useLocale } from './support/locale'

// The landing page (spec §2 Landing page): hero, calls to action, capabilities, and
// the auto-scrolling carousel of 16 samples, each labelled as made without AI
// (docs/decisions/0083), that stops for reduced motion.

const sampleList = (page: Page) => page.getByRole('list', { name: 'Sample videos' })

/** The carousel track's current transform, as the browser computes it. */
const trackTransform = (page: Page) => sampleList(page).evaluate((track) => getComputedStyle(track).transform)

/** Waits for the browser to paint this many frames (the carousel moves once per frame). */
const waitFrames = (page: Page, count: number) =>
  page.evaluate(
    (frames) =>
      new Promise<void>((resolve) => {
        let left = frames
        const next = () => (--left <= 0 ? resolve() : requestAnimationFrame(next))
        requestAnimationFrame(next)
      }),
    count,
  )

test('hero with badge and headline; Create Digital Human leads to /ugc-actor', async ({ page }) => {
  await page.goto('/')
  await expect(page.getByText('DIGITAL HUMANS • WEB3 • AI')).toBeVisible()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Create digital humans that speak for you')
  await expect(page.getByRole('list', { name: 'Sample preview' }).getByRole('img')).toHaveCount(3)
  // One label for the three, and nothing that calls them live or AI-made.
  await expect(page.getByText('Illustrative samples, made without AI', { exact: true })).toBeVisible()
  await expect(page.getByText(/Live preview|AI-generated|AI-made/)).toHaveCount(0)
  await page.getByRole('link', { name: 'Create Digital Human' }).click()
  await expect(page).toHaveURL(/\/ugc-actor$/)
})

test('View Demo leads to /demo', async ({ page }) => {
  await page.goto('/')
  await page.getByRole('link', { name: 'View Demo' }).click()
  await expect(page).toHaveURL(/\/demo$/)
})

test('the Consistent Character card is marked NEW and leads to /consistent-actor', async ({ page }) => {
  await page.goto('/')
  await expect(page.getByRole('heading', { name: 'Core capabilities' })).toBeVisible()
  const card = page.getByRole('link', { name: /Consistent Character/ })
  await expect(card).toContainText('NEW')
  await card.click()
  await expect(page).toHaveURL(/\/consistent-actor$/)
})

test('four steps and six features', async ({ page }) => {
  await page.goto('/')
  for (const step of ['Define Identity', 'AI Generation', 'Voice Synthesis', 'Blockchain Mint']) {
    await expect(page.getByRole('heading', { name: 'How it works' }).locator('..').getByRole('heading', { name: step })).toBeVisible()
  }
  const features = ['Neural Synthesis', 'Blockchain Verified', 'Metaverse Ready', 'Developer API', 'One-Click Generation', 'Voice Synthesis']
  for (const feature of features) {
    await expect(page.getByRole('heading', { name: 'Why Actorly' }).locator('..').getByRole('heading', { name: feature })).toBeVisible()
  }
})

test('16 distinct samples, each with one label saying it was made without AI, and the carousel moves', async ({ page }) => {
  await page.goto('/')
  await sampleList(page).scrollIntoViewIfNeeded()
  const cards = sampleList(page).getByRole('listitem')
  await expect(cards).toHaveCount(16)
  const titles = await cards.getByRole('heading').allTextContents()
  expect(new Set(titles).size).toBe(16)
  for (const card of await cards.all()) await expect(card.getByText('Illustrative sample, made without AI', { exact: true })).toBeVisible()
  await expect(page.getByText('Every clip here is an illustrative sample, drawn without AI, to show the formats Actorly makes.')).toBeVisible()

  const before = await trackTransform(page)
  await expect.poll(() => trackTransform(page)).not.toBe(before)
})

test('the pause button stops the carousel', async ({ page }) => {
  await page.goto('/')
  await sampleList(page).scrollIntoViewIfNeeded()
  await page.getByRole('button', { name: 'Pause samples' }).click()
  await expect(page.getByRole('button', { name: 'Pause samples' })).toHaveAttribute('aria-pressed', 'true')
  const paused = await trackTransform(page)
  await waitFrames(page, 30)
  expect(await trackTransform(page)).toBe(paused)
})

test('with reduced motion the carousel stands still and scrolls by hand', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' })
  await page.goto('/')
  const region = page.getByRole('region', { name: 'Sample videos, scroll sideways' })
  await region.scrollIntoViewIfNeeded()
  await expect(sampleList(page).getByRole('listitem')).toHaveCount(16)
  const still = await trackTransform(page)
  await waitFrames(page, 30)
  expect(await trackTransform(page)).toBe(still)
  expect(still).toBe('none')
  await region.evaluate((element) => element.scrollBy({ left: 600 }))
  await expect.poll(() => region.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0)
  await expectNoSeriousA11yViolations(page)
})

test('the first load requests no video and only the live preview posters', async ({ page }) => {
  const samples: string[] = []
  page.on('request', (request) => {
    const { pathname } = new URL(request.url())
    if (pathname.startsWith('/samples/')) samples.push(pathname)
  })
  await page.goto('/', { waitUntil: 'networkidle' })
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  expect(samples.filter((path) => path.endsWith('.mp4'))).toEqual([])
  expect(samples.sort()).toEqual(['/samples/neon-presenter.webp', '/samples/skincare-review.webp', '/samples/tech-unboxing.webp'])
})

test('the hero’s samples play once the visitor scrolls, and stay still with reduced motion', async ({ page }) => {
  const hero = page.getByRole('list', { name: 'Sample preview' })
  await page.goto('/', { waitUntil: 'networkidle' })
  await expect(hero.locator('video')).toHaveCount(0)
  await page.mouse.wheel(0, 40)
  await expect(hero.locator('video')).toHaveCount(3)
  // Muted clips over their posters, playing while on screen (docs/decisions/0084).
  await expect
    .poll(() =>
      hero
        .locator('video')
        .first()
        .evaluate((video: HTMLVideoElement) => video.muted && video.currentTime > 0),
    )
    .toBe(true)

  await page.emulateMedia({ reducedMotion: 'reduce' })
  await page.reload({ waitUntil: 'networkidle' })
  await page.mouse.wheel(0, 40)
  await page.keyboard.press('Tab')
  await expect(hero.getByRole('img')).toHaveCount(3)
  await expect(hero.locator('video')).toHaveCount(0)
})

test('speaks German', async ({ page }) => {
  await useLocale(page, 'de')
  await page.goto('/')
  await expect(page.getByText('DIGITALE MENSCHEN • WEB3 • KI')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Digitalen Menschen erstellen' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Demo ansehen' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Kernfunktionen' })).toBeVisible()
  const samples = page.getByRole('list', { name: 'Beispielvideos' })
  await samples.scrollIntoViewIfNeeded()
  await expect(samples.getByRole('listitem').filter({ hasText: 'Anschauungsbeispiel, ohne KI erstellt' })).toHaveCount(16)
  await expect(page.getByText('Anschauungsbeispiele, ohne KI erstellt', { exact: true })).toBeVisible()
})

test('no serious accessibility issue, at the top and with the carousel built', async ({ page }) => {
  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expectNoSeriousA11yViolations(page)
  await sampleList(page).scrollIntoViewIfNeeded()
  await expect(sampleList(page).getByRole('listitem')).toHaveCount(16)
  await expectNoSeriousA11yViolations(page)
})
