import { expect, test, type Page } from '@playwright/test'
import { APP_LIVE_MARK } from '../../src/boot/prerendered-page.ts'
import { createVerifiedAccount, signInThroughUI } from './support/accounts'

// A first visit on a phone (docs/decisions/0202, 0203, 0208): the landing arrives as
// HTML in the visitor's language and works without JavaScript; with JavaScript it
// loads none of the app's heavier libraries; app screens paint from their HTML, work
// as links before the app takes them over, and do not move while the session resolves.

/** Waits until the app has taken the screen over (the mark it writes then). */
const appTakesOver = (page: Page) => page.waitForFunction((mark) => performance.getEntriesByName(mark).length > 0, APP_LIVE_MARK)

test.describe('the landing without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('is the prerendered page in English, with its buttons and working links', async ({ page }) => {
    await page.goto('/')
    await expect(page.locator('html')).toHaveAttribute('lang', 'en')
    await expect(page).toHaveTitle('Actorly – AI video actors on your phone')
    await expect(page.getByText('DIGITAL HUMANS • WEB3 • AI')).toBeVisible()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Create digital humans that speak for you')
    await expect(page.getByRole('list', { name: 'Sample preview' }).getByRole('img')).toHaveCount(3)
    await expect(page.getByRole('link', { name: 'Create Digital Human' })).toHaveAttribute('href', '/ugc-actor')
    await expect(page.getByRole('link', { name: /Consistent Character/ })).toHaveAttribute('href', '/consistent-actor')
    const footer = page.getByRole('navigation', { name: 'Footer' })
    const footerLinks = { Privacy: '/privacy', Terms: '/terms', Contact: '/contact' }
    for (const [name, href] of Object.entries(footerLinks)) await expect(footer.getByRole('link', { name })).toHaveAttribute('href', href)
    await page.getByRole('link', { name: 'View Demo' }).click()
    await expect(page).toHaveURL(/\/demo$/)
  })

  test('is German for a German browser', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, locale: 'de-DE', baseURL })
    const page = await context.newPage()
    await page.goto('/')
    await expect(page.locator('html')).toHaveAttribute('lang', 'de')
    await expect(page).toHaveTitle('Actorly – KI-Videodarsteller auf deinem Handy')
    await expect(page.getByText('DIGITALE MENSCHEN • WEB3 • KI')).toBeVisible()
    await expect(page.getByRole('link', { name: 'Digitalen Menschen erstellen' })).toHaveAttribute('href', '/ugc-actor')
    await expect(page.getByRole('link', { name: 'Demo ansehen' })).toHaveAttribute('href', '/demo')
    await expect(page.getByRole('navigation', { name: 'Fußzeile' }).getByRole('link', { name: 'Datenschutz' })).toHaveAttribute('href', '/privacy')
    await context.close()
  })

  test("follows the language chosen in the app over the browser's", async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: 'actorly.locale', value: 'de', url: baseURL ?? '' }])
    await page.goto('/')
    await expect(page.locator('html')).toHaveAttribute('lang', 'de')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Erschaffe digitale Menschen, die für dich sprechen')
  })
})

test.describe('an app screen without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('shows the screen as the build rendered it, with working links, and says what it needs', async ({ page }) => {
    await page.goto('/gallery')
    await expect(page).toHaveTitle('Gallery · Actorly')
    await expect(page.getByText('Every video you create, in one place.')).toBeVisible()
    // Text locators and assertions skip <noscript>, so its line is read from the element itself.
    expect(await page.locator('noscript').textContent()).toContain('This part of Actorly needs JavaScript. Turn it on in your browser. Go to the start page')
    await expect(page.locator('noscript a')).toHaveAttribute('href', '/')
    await page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: 'Terms' }).click()
    await expect(page).toHaveURL(/\/terms$/)
  })
})

/** The purchase screen's lead line, in its HTML before any script. */
const lead = (page: Page) => page.getByText('Buy credits once and spend them on any kind of video', { exact: false })

test.describe('an app screen before its code arrives', () => {
  test.beforeEach(async ({ page }) => {
    // The page's HTML, styles and its head script only: the app's code never comes.
    await page.route(/\/assets\/.+\.js$/, (route) => (route.request().url().includes('/page-start-') ? route.continue() : route.abort()))
  })

  test('a visitor already sees it, and its links work', async ({ page }) => {
    await page.goto('/purchase')
    await expect(page.getByText('Buy credits once and spend them on any kind of video', { exact: false })).toBeVisible()
    await page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: 'Contact' }).click()
    await expect(page).toHaveURL(/\/contact$/)
  })

  test('someone signed in on this device is not shown the visitor’s screen', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('actorly.signedIn', 'someone'))
    await page.goto('/purchase')
    await expect(page.locator('html')).toHaveAttribute('data-wait-for-app')
    await expect(lead(page)).toBeHidden()
  })

  test('an address with a query, or a language chosen here that is not the page’s, waits for the app too', async ({ page }) => {
    await page.goto('/purchase?from=mail')
    await expect(lead(page)).toBeHidden()
    // The page is English (the browser's language); the choice stored on this device is German.
    await page.addInitScript(() => localStorage.setItem('actorly.locale', 'de'))
    await page.goto('/purchase')
    await expect(page.locator('html')).toHaveAttribute('lang', 'en')
    await expect(lead(page)).toBeHidden()
  })
})

test('a visitor who scrolls the screen before the app takes over stays where they are', async ({ page }) => {
  const { promise: released, resolve: release } = Promise.withResolvers<void>()
  // The screen's code waits until the visitor has scrolled.
  await page.route(/\/assets\/terms-[\w-]+\.js$/, async (route) => {
    await released
    await route.continue()
  })
  await page.goto('/terms')
  await page.mouse.wheel(0, 600)
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300)
  const scrolled = await page.evaluate(() => window.scrollY)
  release()
  await appTakesOver(page)
  expect(await page.evaluate(() => window.scrollY)).toBe(scrolled)
})

/** Markers of the libraries the landing must not load: Firebase Auth's endpoint, Dexie's error class, zod's, TanStack Query's. */
const HEAVY = {
  'the identity SDK': 'identitytoolkit',
  Dexie: 'DexieError',
  'a schema library (zod)': 'ZodError',
  'the server state (TanStack Query)': 'Missing queryFn',
}

async function scriptsOf(page: Page, path: string): Promise<Map<string, string>> {
  const scripts = new Map<string, Promise<string>>()
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.set(new URL(response.url()).pathname, response.text())
  })
  await page.goto(path, { waitUntil: 'load' })
  await page.waitForLoadState('networkidle')
  return new Map(await Promise.all([...scripts].map(async ([url, text]) => [url, await text] as const)))
}

test('an app screen for a visitor loads no identity SDK or Dexie, and comes alive', async ({ page }) => {
  const scripts = await scriptsOf(page, '/gallery')
  for (const [library, marker] of Object.entries({ 'the identity SDK': HEAVY['the identity SDK'], Dexie: HEAVY.Dexie })) {
    const carrying = [...scripts].filter(([, text]) => text.includes(marker)).map(([url]) => url)
    expect({ library, carrying }).toEqual({ library, carrying: [] })
  }
  await appTakesOver(page)
  const menu = page.getByRole('button', { name: 'Menu' })
  await menu.click()
  await expect(menu).toHaveAttribute('aria-expanded', 'true')
})

test('the landing loads no identity, Dexie or schema code, and still comes alive', async ({ page }) => {
  const scripts = await scriptsOf(page, '/')
  expect(scripts.size).toBeGreaterThan(0)
  for (const [library, marker] of Object.entries(HEAVY)) {
    const carrying = [...scripts].filter(([, text]) => text.includes(marker)).map(([url]) => url)
    expect({ library, carrying }).toEqual({ library, carrying: [] })
  }
  // Hydrated: the carousel's pause button answers.
  await page.getByRole('button', { name: 'Pause samples' }).click()
  await expect(page.getByRole('button', { name: 'Pause samples' })).toHaveAttribute('aria-pressed', 'true')
  // And the app is one tap away, without a reload.
  await page.evaluate(() => ((window as Window & { stillTheLanding?: boolean }).stillTheLanding = true))
  await page.getByRole('link', { name: 'Create Digital Human' }).click()
  await expect(page).toHaveURL(/\/ugc-actor$/)
  await expect(page.getByRole('button', { name: 'UGC Actor' })).toBeVisible()
  expect(await page.evaluate(() => (window as Window & { stillTheLanding?: boolean }).stillTheLanding)).toBe(true)
  // Back returns to the landing, now shown by the app.
  await page.goBack()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Create digital humans that speak for you')
  await expect(page).toHaveURL(/\/$/)
})

/** Collects layout shifts that no input caused, from before the app's first script. */
async function watchLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shifts: { value: number; sources: string[] }[] = []
    Object.assign(window, { layoutShifts: shifts })
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: { node?: Node }[] })[]) {
        if (entry.hadRecentInput) continue
        const sources = (entry.sources ?? []).map((source) => (source.node instanceof Element ? source.node.outerHTML.slice(0, 80) : String(source.node)))
        shifts.push({ value: entry.value, sources })
      }
    }).observe({ type: 'layout-shift', buffered: true })
  })
}

const layoutShifts = (page: Page) => page.evaluate(() => (window as Window & { layoutShifts?: { value: number; sources: string[] }[] }).layoutShifts ?? [])

test.describe('no layout shift while the session resolves', () => {
  for (const path of ['/ugc-actor', '/gallery', '/purchase']) {
    test(`${path} for a visitor`, async ({ page }) => {
      await watchLayoutShifts(page)
      await page.goto(path)
      await expect(page.getByRole('link', { name: 'Sign in' }).first()).toBeVisible()
      await page.waitForLoadState('networkidle')
      expect(await layoutShifts(page)).toEqual([])
    })
  }

  test('/ugc-actor for someone signed in on this device', async ({ page }) => {
    const account = await createVerifiedAccount({ displayName: 'Shift Tester' })
    await signInThroughUI(page, account)
    await watchLayoutShifts(page)
    await page.reload()
    // The session has resolved and the balance arrived (a new account has 0 credits).
    await expect(page.getByRole('link', { name: '0 credits' })).toBeVisible()
    await page.waitForLoadState('networkidle')
    // The balance replacing its spinner may nudge the credits button itself; nothing else moves.
    const shifts = await layoutShifts(page)
    expect(shifts.filter((shift) => !shift.sources.every((source) => source.includes('topbar__credits')))).toEqual([])
    expect(shifts.reduce((sum, shift) => sum + shift.value, 0)).toBeLessThanOrEqual(0.02)
  })
})
