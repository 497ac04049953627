import { expect, type Page, test } from '@playwright/test'
import { SCREENS } from '../../contract/screens.ts'
import { buyCredits, createVerifiedAccount, signInThroughUI } from './support/accounts'
import { expectOneRow, expectToFitWidth, expectTouchTargets } from './support/layout'
import { useLocale } from './support/locale'
import { waitForServiceWorkerControl } from './support/service-worker'

// A phone of 320 or 390 px: every page in both languages, and the top bar in
// every state (signed out, signed in with a long name, a job running, offline
// with the last known balance), shows everything inside the viewport and never
// scrolls sideways (spec §2 top bar: fixed, collapsible menu on small screens).
// From 320 to 1920 px the bar keeps navigation, credits and one account menu on
// one row with nothing cut (docs/decisions/0115).

/** Every screen, and the UGC actor page's second step. */
const PAGES = [...SCREENS, '/ugc-actor?step=2']

const WORDS = {
  en: {
    menu: 'Menu',
    signOut: 'Sign out',
    // The balance before or after the running job's charge, whichever this device saw last.
    lastKnown: /^(31\.00|29\.25) credits, last known balance \(offline\)$/,
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
    lastKnown: /^(31,00|29,25) Credits, zuletzt bekanntes Guthaben \(offline\)$/,
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
          .getByRole('button', { name: /^(Generate|Generieren) · / })
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

        // Offline: the balance cannot be fetched; the bar shows the last one this device saw, marked offline (decision 0117).
        await waitForServiceWorkerControl(page)
        await context.setOffline(true)
        await page.reload()
        await expect(page.getByRole('banner').getByRole('link', { name: WORDS[locale].lastKnown })).toBeVisible()
        await expect(page.getByRole('banner').getByRole('alert')).toHaveCount(0)
        await expect(indicator).toBeVisible()
        await expectBarAndMenuToFit(page, locale, 'offline with a job running')
        await page.getByRole('button', { name: WORDS[locale].menu }).click()
        await expect(page.getByRole('banner').getByRole('button', { name: WORDS[locale].signOut })).toBeVisible()
      })
    }
  })
}

test.describe('the top bar on one row (docs/decisions/0115)', () => {
  const WIDTHS = [320, 390, 768, 1280, 1920]

  for (const locale of ['en', 'de'] as const) {
    test(`signed out, at ${WIDTHS.join(', ')} px, in ${locale}`, async ({ page }) => {
      const bar = page.getByRole('banner')
      await useLocale(page, locale)
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 800 })
        await openPage(page, '/gallery')
        await expect(bar.getByRole('link', { name: locale === 'en' ? 'view plans' : 'Tarife ansehen' })).toBeVisible()
        await expectOneRow(bar, `signed out at ${width} px`)
        await expectTouchTargets(bar, `signed out at ${width} px`)
      }
    })

    test(`signed in, at ${WIDTHS.join(', ')} px, in ${locale}`, async ({ page }) => {
      test.setTimeout(90_000)
      const bar = page.getByRole('banner')
      const account = await createVerifiedAccount({ displayName: LONG_NAME })
      await buyCredits(page.request, account, { priceId: 'enterprise' })
      await signInThroughUI(page, account)
      await useLocale(page, locale)
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 800 })
        await openPage(page, '/account')
        await expect(bar.getByRole('link', { name: /31[.,]00/ })).toBeVisible()
        await expectOneRow(bar, `signed in at ${width} px`)
        // Navigation in the bar where there is room, in the menu where there is not; one menu button either way.
        const barNavigation = bar.getByRole('navigation', { name: WORDS[locale].main })
        await expect(bar.getByRole('button', { name: WORDS[locale].menu })).toHaveCount(1)
        if (width > 860) await expect(barNavigation.getByRole('link', { name: WORDS[locale].navLinks[0] })).toBeVisible()
        else await expect(barNavigation).toHaveCount(0)
        // No account action sits in the bar itself any more: they are in the menu and on this screen.
        await expect(bar.getByRole('button', { name: WORDS[locale].signOut })).toBeHidden()
        // Every control of the bar, and of the open menu, is at least 44 × 44 px to the touch.
        const toggle = bar.getByRole('button', { name: WORDS[locale].menu })
        await toggle.click()
        await expect(toggle).toHaveAttribute('aria-expanded', 'true')
        await expectTouchTargets(bar, `the bar and its open menu at ${width} px`)
        await expectToFitWidth(page, `the open menu at ${width} px`)
        await toggle.click()
      }
    })
  }
})

test.describe('a long email address at 320 px', () => {
  test.use({ viewport: { width: 320, height: 740 } })
  const LONG_EMAIL = `maximiliane.wilhelmina.theodora.sigmaringen-${Date.now()}@a-very-long-company-domain.example.test`

  test('wraps on the auth card, in the account menu and on the Account screen instead of scrolling sideways', async ({ page }) => {
    // Signing up: the card names the address the verification email went to.
    await page.goto('/auth')
    await page.getByRole('button', { name: 'Sign up' }).click()
    await page.getByLabel('Name').fill('Max')
    await page.getByLabel('Email').fill(`new-${LONG_EMAIL}`)
    await page.getByLabel('Password', { exact: true }).fill('Passw0rd!')
    await page.getByRole('button', { name: 'Sign up' }).click()
    await page.getByRole('dialog', { name: 'Terms of Service' }).getByRole('button', { name: 'Agree' }).click()
    await expect(page.getByText(`new-${LONG_EMAIL}`)).toBeVisible()
    await expectToFitWidth(page, 'the sign-up notice')

    const account = await createVerifiedAccount({ displayName: 'Max', email: LONG_EMAIL })
    await signInThroughUI(page, account)
    await openPage(page, '/account')
    await expect(page.getByRole('main').getByText(LONG_EMAIL)).toBeVisible()
    await expectToFitWidth(page, 'the Account screen')
    await page.getByRole('button', { name: 'Menu' }).click()
    await expect(page.getByRole('banner').getByText(LONG_EMAIL)).toBeVisible()
    await expectToFitWidth(page, 'the open account menu')
  })
})
