import { expect, test } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './support/axe'
import { useLocale } from './support/locale'

// spec §2: every route, whether it shows the top bar, in both languages (the
// payment pages keep it: docs/decisions/0116; /account: docs/decisions/0115).
const ROUTES: { path: string; navBar: boolean }[] = [
  { path: '/', navBar: false },
  { path: '/auth', navBar: false },
  { path: '/demo', navBar: true },
  { path: '/gallery', navBar: true },
  { path: '/ugc-actor', navBar: true },
  { path: '/purchase', navBar: true },
  { path: '/success', navBar: true },
  { path: '/cancel', navBar: true },
  { path: '/privacy', navBar: true },
  { path: '/terms', navBar: true },
  { path: '/contact', navBar: true },
  { path: '/report', navBar: true },
  { path: '/consistent-actor', navBar: true },
  { path: '/account', navBar: true },
]

const WORDS = {
  en: { menu: 'Menu', privacy: 'Privacy', footer: 'Footer' },
  de: { menu: 'Menü', privacy: 'Datenschutz', footer: 'Fußzeile' },
} as const

for (const locale of ['en', 'de'] as const) {
  test.describe(`every route in ${locale}`, () => {
    test.beforeEach(({ page }) => useLocale(page, locale))

    for (const { path, navBar } of ROUTES) {
      test(`${path} renders${navBar ? ' with' : ' without'} the top bar`, async ({ page }) => {
        await page.goto(path)
        await expect(page).toHaveURL(path)
        await expect(page.locator('html')).toHaveAttribute('lang', locale)
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeAttached()
        const footer = page.getByRole('navigation', { name: WORDS[locale].footer })
        await expect(footer.getByRole('link', { name: WORDS[locale].privacy })).toBeVisible()
        await expect(page.getByRole('button', { name: WORDS[locale].menu })).toHaveCount(navBar ? 1 : 0)
      })
    }
  })
}

test('an unknown path goes to / and Back does not return to it', async ({ page }) => {
  await page.goto('/gallery')
  await page.goto('/no/such/page?x=1')
  await expect(page).toHaveURL('/')
  await page.goBack()
  await expect(page).toHaveURL('/gallery')
})

test('a new path starts at the top; a step change (search only) keeps the scroll', async ({ page }) => {
  await page.goto('/terms')
  const contact = page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: 'Contact' })
  await contact.scrollIntoViewIfNeeded()
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0)
  await contact.click()
  await expect(page).toHaveURL('/contact')
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)

  await page.goto('/ugc-actor')
  const lipSync = page.getByRole('button', { name: 'Lip Sync', exact: true })
  await expect(lipSync).toBeVisible()
  // Room to scroll whatever the step's content is, so only the router could move it.
  await page.addStyleTag({ content: 'body { padding-bottom: 3000px; }' })
  await page.evaluate(() => window.scrollTo(0, 12))
  const before = await page.evaluate(() => window.scrollY)
  expect(before).toBeGreaterThan(0)
  await lipSync.click()
  await expect(page).toHaveURL('/ugc-actor?step=2')
  await expect(lipSync).toHaveAttribute('aria-current', 'step')
  expect(await page.evaluate(() => window.scrollY)).toBe(before)
})

test('the footer has no Report link for a signed-out visitor', async ({ page }) => {
  await page.goto('/contact')
  const footer = page.getByRole('navigation', { name: 'Footer' })
  await expect(footer.getByRole('link', { name: 'Contact' })).toBeVisible()
  await expect(footer.getByRole('link', { name: 'Report' })).toHaveCount(0)
})

test('on a phone the menu is collapsed until toggled and closes on navigation and Escape', async ({ page }) => {
  await page.goto('/ugc-actor')
  const toggle = page.getByRole('button', { name: 'Menu' })
  const gallery = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Gallery' })
  await expect(toggle).toHaveAttribute('aria-expanded', 'false')
  await expect(gallery).toBeHidden()
  // The credits button stays in the bar.
  await expect(page.getByRole('link', { name: 'view plans' })).toBeVisible()

  await toggle.click()
  await expect(toggle).toHaveAttribute('aria-expanded', 'true')
  await expect(gallery).toBeVisible()
  // The generator's own sign-in note has a Sign in link too: this one is the menu's.
  await expect(page.locator(`#${await toggle.getAttribute('aria-controls')}`).getByRole('link', { name: 'Sign in' })).toBeVisible()
  await expectNoSeriousA11yViolations(page)
  await page.keyboard.press('Escape')
  await expect(gallery).toBeHidden()
  await expect(toggle).toBeFocused()

  await toggle.click()
  await gallery.click()
  await expect(page).toHaveURL('/gallery')
  await expect(toggle).toHaveAttribute('aria-expanded', 'false')
  await expect(gallery).toBeHidden()
})

test.describe('on a desktop', () => {
  test.use({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false })

  test('the bar shows its navigation with the current screen highlighted, navigating without reload', async ({ page }) => {
    await page.goto('/gallery')
    // The account menu's button is there on a computer too; the navigation is in the bar.
    await expect(page.getByRole('button', { name: 'Menu' })).toBeVisible()
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible()
    const nav = page.getByRole('navigation', { name: 'Main' })
    await expect(nav.getByRole('link', { name: 'Gallery' })).toHaveAttribute('aria-current', 'page')
    await page.evaluate(() => Object.assign(window, { sameDocument: true }))
    await nav.getByRole('link', { name: 'UGC Actor' }).click()
    await expect(page).toHaveURL('/ugc-actor')
    await expect(nav.getByRole('link', { name: 'UGC Actor' })).toHaveAttribute('aria-current', 'page')
    await expect(nav.getByRole('link', { name: 'Gallery' })).not.toHaveAttribute('aria-current', 'page')
    expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true)
    await page.getByRole('link', { name: 'Actorly' }).first().click()
    await expect(page).toHaveURL('/ugc-actor')
  })
})

test('switching to German changes <html lang>, the words and the title, and survives a reload', async ({ page }) => {
  await page.goto('/gallery')
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')
  await expect(page).toHaveTitle('Gallery · Actorly')
  await page.getByRole('button', { name: 'Menu' }).click()
  await page.getByRole('radiogroup', { name: 'Language' }).getByRole('radio', { name: 'Deutsch' }).check()
  await expect(page.locator('html')).toHaveAttribute('lang', 'de')
  await expect(page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Galerie' })).toBeVisible()
  await expect(page).toHaveTitle('Galerie · Actorly')

  await page.reload()
  await expect(page.locator('html')).toHaveAttribute('lang', 'de')
  await expect(page.getByRole('button', { name: 'Menü' })).toBeVisible()
  await page.getByRole('button', { name: 'Menü' }).click()
  await expect(page.getByRole('radiogroup', { name: 'Sprache' }).getByRole('radio', { name: 'Deutsch' })).toBeChecked()
})

test('screens without a top bar carry the language picker in the footer', async ({ page }) => {
  await page.goto('/auth')
  await page.getByRole('radiogroup', { name: 'Language' }).getByRole('radio', { name: 'Deutsch' }).check()
  await expect(page.locator('html')).toHaveAttribute('lang', 'de')
  await expect(page.getByRole('heading', { name: 'Anmelden' })).toBeVisible()
})

test('the generator search falls back on bad values', async ({ page }) => {
  await page.goto('/ugc-actor?step=7&video=javascript%3Aalert(1)')
  await expect(page.getByRole('button', { name: 'AI Actor' })).toHaveAttribute('aria-current', 'step')
  await page.goto('/consistent-actor')
  await expect(page.getByRole('button', { name: 'Consistent Actor' })).toHaveAttribute('aria-pressed', 'true')
})

for (const locale of ['en', 'de'] as const) {
  for (const path of ['/auth', '/ugc-actor', '/consistent-actor', '/gallery', '/purchase', '/account', '/success']) {
    test(`${path} passes axe in ${locale}`, async ({ page }) => {
      await useLocale(page, locale)
      await page.goto(path)
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeAttached()
      await expectNoSeriousA11yViolations(page)
    })
  }
}
