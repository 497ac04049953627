import { expect, type Page, test } from '@playwright/test'
import { SCREENS } from '../../contract/screens.ts'
import { buyCredits, createVerifiedAccount, signInThroughUI } from './support/accounts'
import { expectToFitWidth } from './support/layout'
import { useLocale } from './support/locale'
import { waitForServiceWorkerControl } from './support/service-worker'

// A phone of 320 or 390 px: every page in both languages, and the top bar in
// every state (signed out, signed in with a long name, a job running, offline
// with no balance), shows everything inside the viewport and never scrolls
// sideways (spec §2 top bar: fixed, collapsible menu on small screens).

/** Every screen, and the UGC actor page's second step. */
const PAGES = [...SCREENS, '/ugc-actor?step=2']

const WORDS = {
  en: {
    menu: 'Menu',
    signOut: 'Sign out',
    unavailable: 'Balance unavailable (no connection)',
    running: /Video generation in progress/,
    footer: 'Footer',
    footerLinks: ['Privacy', 'Terms', 'Contact', 'Report'],
    main: 'Main',
    navLinks: ['Gallery', 'UGC Actor'],
    lipSync: 'Lip Sync',
  },
  de: {
    menu: 'Menü',
    signOut: 'Abmelden',
    unavailable: 'Guthaben nicht verfügbar (keine Verbindung)',
    running: /Videoerstellung läuft/,
    footer: 'Fußzeile',
    footerLinks: ['Datenschutz', 'AGB', 'Kontakt', 'Fehler melden'],
    main: 'Hauptnavigation',
    navLinks: ['Galerie', 'UGC-Darsteller'],
    lipSync: 'Lippensynchronisation',
  },
} as const

/** A name longer than any bar has room for (spec §2: a welcome greeting with the display name). */
const LONG_NAME = 'Maximiliane Wilhelmina Theodora von Hohenzollern Sigmaringen'

async function openPage(page: Page, path: string): Promise<void> {
  await page.goto(path)
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeAttached()
  // Fonts and late layout (the session, lazy screens) settle before measuring.
  await page.evaluate(() => document.fonts.ready)
}

/** The bar and its page fit, and so does the open menu. */
async function expectBarAndMenuToFit(page: Page, locale: 'en' | 'de', what: string): Promise<void> {
  await expectToFitWidth(page, what)
  const toggle = page.getByRole('button', { name: WORDS[locale].menu })
  await expect(toggle).toBeInViewport({ ratio: 1 })
  await toggle.click()
  await expect(toggle).toHaveAttribute('aria-expanded', 'true')
  await expectToFitWidth(page, `${what}, menu open`)
  await toggle.click()
}

for (const width of [320, 390]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 740 } })

    for (const locale of ['en', 'de'] as const) {
      test(`every page fits signed out in ${locale}`, async ({ page }) => {
        test.setTimeout(90_000)
        await useLocale(page, locale)
        for (const path of PAGES) {
          await openPage(page, path)
          await expectToFitWidth(page, `${path} signed out`)
        }
        await openPage(page, '/ugc-actor')
        await expectBarAndMenuToFit(page, locale, '/ugc-actor signed out')
      })

      test(`the top bar fits signed in, with a job running and offline, in ${locale}`, async ({ page, context }) => {
        test.setTimeout(180_000)
        const account = await createVerifiedAccount({ displayName: LONG_NAME })
        await buyCredits(page.request, account, { priceId: 'enterprise' })
        // The page's clock: the job stays on screen as running while the test looks (spec §4 polls every 75 ticks).
        // Without the event stream (a proxy that drops it): the renderer's real finish would otherwise
        // reach the page at once, and the polls that stand in for the stream follow the page's clock.
        await page.route('**/api/fal/v1/events', (route) => route.abort())
        await page.clock.install()
        await signInThroughUI(page, account)
        await useLocale(page, locale)

        for (const path of PAGES) {
          await openPage(page, path)
          await expectToFitWidth(page, `${path} signed in`)
        }
        await openPage(page, '/gallery')
        await expect(page.getByRole('link', { name: /31[.,]00/ })).toBeVisible()
        await expectBarAndMenuToFit(page, locale, '/gallery signed in')

        // A generation runs: the indicator joins logo, balance and menu button in the bar.
        await openPage(page, '/ugc-actor')
        await expect(page.getByRole('link', { name: /31[.,]00/ })).toBeVisible()
        await page.getByRole('main').getByRole('textbox', { name: 'Prompt', exact: true }).fill('A chef waves at the camera')
        await page
          .getByRole('main')
          .getByRole('button', { name: /^(Generate|Generieren)$/ })
          .click()
        const indicator = page.getByRole('banner').getByRole('link', { name: WORDS[locale].running })
        await expect(indicator).toBeVisible()
        // Two-digit percent, as wide as it gets before 100.
        await page.clock.runFor(30_000)
        await expect(indicator).toHaveAccessibleName(/\d\d\s?%/)
        // Around the app by its own links (a reload would ask the server at once, and the local
        // renderer is quick to finish): the top bar's pages, the purchase page and step 2.
        const words = WORDS[locale]
        const visits: [string, () => Promise<void>][] = [
          ...words.footerLinks.map((name): [string, () => Promise<void>] => [
            name,
            () => page.getByRole('navigation', { name: words.footer }).getByRole('link', { name }).click(),
          ]),
          ...words.navLinks.map((name): [string, () => Promise<void>] => [
            name,
            async () => {
              await page.getByRole('button', { name: words.menu }).click()
              await page.getByRole('navigation', { name: words.main }).getByRole('link', { name }).click()
            },
          ]),
          [words.lipSync, () => page.getByRole('main').getByRole('button', { name: words.lipSync }).click()],
          [
            'credits',
            () =>
              page
                .getByRole('banner')
                .getByRole('link', { name: /31[.,]00|29[.,]25/ })
                .click(),
          ],
        ]
        for (const [name, visit] of visits) {
          await visit()
          await expect(page.getByRole('heading', { level: 1 }).first()).toBeAttached()
          await expect(indicator).toBeVisible()
          await expectBarAndMenuToFit(page, locale, `${name} with a job running`)
        }

        // Offline: the balance cannot be fetched and says so in the bar.
        await waitForServiceWorkerControl(page)
        await context.setOffline(true)
        await page.reload()
        await expect(page.getByRole('banner').getByRole('alert')).toHaveText(WORDS[locale].unavailable)
        await expect(indicator).toBeVisible()
        await expectBarAndMenuToFit(page, locale, 'offline with a job running')
        // The bar may cut the words short; the open menu says them in full.
        await page.getByRole('button', { name: WORDS[locale].menu }).click()
        await expect(page.getByRole('banner').getByRole('paragraph').filter({ hasText: WORDS[locale].unavailable })).toBeVisible()
        await expect(page.getByRole('button', { name: WORDS[locale].signOut })).toBeVisible()
      })
    }
  })
}
