import { mkdir } from 'node:fs/promises'
import path from 'node:path'
import { expect, type Page, test } from '@playwright/test'
import { SCREENS } from '../../contract/screens.ts'
import { buyCredits, createVerifiedAccount } from './support/accounts'
import { useLocale } from './support/locale'
import { expectContrast, expectHyphenatedBreaks, expectTabsOnOneRow, expectToFitWidth, expectTouchTargets } from './support/screen-checks'

// Every screen at 320, 390 and 1280 px in English and German (docs/quality.md "Touch,
// contrast and German"): no tap target under 44 × 44 px, no contrast violation in axe,
// no sideways scroll, no German word broken without a hyphen, tabs and steps on one row. The landing and the
// auth card (both of its forms) are looked at signed out, every screen signed in. Each
// screen's picture goes to test-results/screens/ (git-ignored) for a reviewer. One
// browser context per width and language; every problem of every screen is listed at
// the end rather than the first one stopping the walk.

const SHOTS = path.resolve(import.meta.dirname, '../../test-results/screens')

const WORDS = {
  en: { email: 'Email', password: 'Password', signIn: 'Sign in', signUp: 'Sign up' },
  de: { email: 'E-Mail', password: 'Passwort', signIn: 'Anmelden', signUp: 'Registrieren' },
} as const

type Locale = keyof typeof WORDS

/** Runs every check on the screen as it is now, collecting what fails, and writes its picture. */
async function lookAt(page: Page, locale: Locale, name: string, problems: string[]): Promise<void> {
  await page.evaluate(() => document.fonts.ready)
  const body = page.locator('body')
  const checks = [
    () => expectToFitWidth(page, name),
    () => expectTouchTargets(body, name),
    () => expectContrast(page, name),
    ...(locale === 'de' ? [() => expectHyphenatedBreaks(body, name)] : []),
    () => expectTabsOnOneRow(body, name),
  ]
  for (const check of checks) {
    try {
      await check()
    } catch (error) {
      problems.push(error instanceof Error ? error.message : String(error))
    }
  }
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true })
}

async function open(page: Page, address: string): Promise<void> {
  await page.goto(address)
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible()
  // Late layout (the session, the balance, lazy screens) settles before measuring.
  await page.waitForLoadState('networkidle')
}

for (const width of [320, 390, 1280]) {
  for (const locale of ['en', 'de'] as const satisfies Locale[]) {
    test.describe(`${locale} at ${width} px`, () => {
      // Pictures at one device pixel per CSS pixel: enough to judge, and quick to take.
      test.use({ viewport: { width, height: width >= 1000 ? 800 : 740 }, deviceScaleFactor: 1 })

      test('every screen: touch targets, contrast, width and German breaks', async ({ page }) => {
        test.setTimeout(240_000)
        await mkdir(SHOTS, { recursive: true })
        const words = WORDS[locale]
        const shot = (screen: string): string => `${locale}-${width}-${screen.replace(/^\//, '').replace(/[^a-z0-9]+/g, '-') || 'landing'}`
        const problems: string[] = []
        const account = await createVerifiedAccount({ displayName: 'Sophie Screens' })
        await buyCredits(page.request, account, { priceId: 'starter' })
        await useLocale(page, locale)

        // Signed out: the landing and both forms of the auth card.
        await open(page, '/')
        await lookAt(page, locale, shot('/'), problems)
        await open(page, '/auth')
        await lookAt(page, locale, shot('/auth-sign-in'), problems)
        await page.getByRole('main').getByRole('button', { name: words.signUp, exact: true }).first().click()
        await expect(page.getByRole('textbox', { name: words.email })).toBeVisible()
        await lookAt(page, locale, shot('/auth-sign-up'), problems)

        // Signed in: every screen, and the UGC actor page's second step.
        await open(page, '/auth')
        await page.getByRole('textbox', { name: words.email }).fill(account.email)
        await page.getByLabel(words.password, { exact: true }).fill(account.password)
        await page.getByRole('button', { name: words.signIn, exact: true }).click()
        await page.waitForURL('**/ugc-actor**')
        for (const screen of [...SCREENS.filter((each) => each !== '/auth'), '/ugc-actor?step=2']) {
          await open(page, screen)
          await lookAt(page, locale, shot(screen), problems)
        }
        expect(problems).toEqual([])
      })
    })
  }
}
