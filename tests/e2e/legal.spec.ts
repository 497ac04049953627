import { expect, type Page, test } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './support/axe'
import { PRIVACY_EFFECTIVE_DATE, TERMS_EFFECTIVE_DATE } from '../../src/features/legal/effective-dates.ts'
import { useLocale } from './support/locale'

// Terms and privacy (spec §2 Terms, Privacy) on a phone, read like a person would.

const termsMenu = (page: Page) => page.getByRole('navigation', { name: 'Terms sections' })

/** Distance of a section's top edge from the viewport top, in CSS px. */
function sectionTop(page: Page, id: string): Promise<number> {
  return page.locator(`section#${id}`).evaluate((element) => element.getBoundingClientRect().top)
}

test('terms: nine sections, dated by their own effective date, menu highlight follows scrolling', async ({ page }) => {
  // Read some months later: a legal text is not "updated" by being read (decision 0256).
  await page.clock.setFixedTime(new Date('2027-03-09T10:00:00'))
  await page.goto('/terms')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Terms of Service')
  await expect(page.getByRole('heading', { level: 2 })).toHaveCount(9)
  await expect(page.getByText('Last updated: November 27, 2026')).toBeVisible()
  await expect(page.locator('time')).toHaveAttribute('datetime', TERMS_EFFECTIVE_DATE)
  await expect(page.getByText(/at least 18 years old/)).toBeVisible()

  const menu = termsMenu(page)
  await expect(menu.getByRole('link')).toHaveCount(9)
  await expect(menu.getByRole('link', { name: /Acceptance/ })).toHaveAttribute('aria-current', 'location')

  // The reader scrolls until "Your content" covers the line 100 px below the top.
  await page.locator('#content').evaluate((element) => {
    window.scrollTo(0, element.getBoundingClientRect().top + window.scrollY - 60)
  })
  await expect(menu.getByRole('link', { name: /Your content/ })).toHaveAttribute('aria-current', 'location')
  await expect(menu.locator('[aria-current]')).toHaveCount(1)

  // A little further: "Prohibited uses" reaches the line and takes over.
  await page.locator('#restrictions').evaluate((element) => {
    window.scrollTo(0, element.getBoundingClientRect().top + window.scrollY - 99)
  })
  await expect(menu.getByRole('link', { name: /Prohibited uses/ })).toHaveAttribute('aria-current', 'location')
})

test('terms: clicking an entry scrolls its section to 80 px from the top and highlights it', async ({ page }) => {
  await page.goto('/terms')
  const entry = termsMenu(page).getByRole('link', { name: /Intellectual property/ })
  await entry.click()
  await expect(entry).toHaveAttribute('aria-current', 'location')
  await expect.poll(() => sectionTop(page, 'intellectual')).toBeGreaterThan(78)
  await expect.poll(() => sectionTop(page, 'intellectual')).toBeLessThan(82)
  await expect(page.getByRole('heading', { name: /Intellectual property/ })).toBeInViewport()
  await expect(termsMenu(page).locator('[aria-current]')).toHaveCount(1)
})

test('terms: with reduced motion the jump is instant', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' })
  await page.goto('/terms')
  await termsMenu(page)
    .getByRole('link', { name: /Credits and refunds/ })
    .click()
  expect(Math.round(await sectionTop(page, 'no_refund'))).toBe(80)
})

test('privacy: eight sections; Read more expands and Show less collapses', async ({ page }) => {
  await page.goto('/privacy')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy Policy')
  await expect(page.getByRole('heading', { level: 2 })).toHaveCount(8)
  await expect(page.getByRole('button', { name: 'Read more' })).toHaveCount(4)

  const section = page.getByRole('region', { name: /Information we collect/ })
  const body = section.locator('#information-body')
  const collapsedHeight = await body.evaluate((element) => element.clientHeight)
  await section.getByRole('button', { name: 'Read more' }).click()
  const showLess = section.getByRole('button', { name: 'Show less' })
  await expect(showLess).toHaveAttribute('aria-expanded', 'true')
  await expect(section.getByText(/Support: the messages and bug reports/)).toBeInViewport()
  expect(await body.evaluate((element) => element.clientHeight)).toBeGreaterThan(collapsedHeight * 2)
  await expectNoSeriousA11yViolations(page)

  await showLess.click()
  await expect(section.getByRole('button', { name: 'Read more' })).toHaveAttribute('aria-expanded', 'false')
  expect(await body.evaluate((element) => element.clientHeight)).toBe(collapsedHeight)

  const mail = page.getByRole('link', { name: 'support@actorly.app' })
  await expect(mail).toHaveAttribute('href', 'mailto:support@actorly.app')
})

test('legal pages in German', async ({ page }) => {
  await useLocale(page, 'de')
  await page.clock.setFixedTime(new Date('2027-03-09T10:00:00'))
  await page.goto('/terms')
  await expect(page.getByRole('heading', { level: 1 })).toHaveAccessibleName('Nutzungsbedingungen')
  await expect(page.getByText('Zuletzt aktualisiert: 27. November 2026')).toBeVisible()
  await expect(page.getByRole('navigation', { name: 'Abschnitte der Nutzungsbedingungen' })).toBeVisible()
  await expect(page.getByRole('heading', { name: /Credits und Erstattungen/ })).toBeVisible()
  await expectNoSeriousA11yViolations(page)

  await page.goto('/privacy')
  await expect(page.getByRole('heading', { level: 1 })).toHaveAccessibleName('Datenschutzerklärung')
  await expect(page.getByText('Zuletzt aktualisiert: 27. November 2026')).toBeVisible()
  await expect(page.locator('time')).toHaveAttribute('datetime', PRIVACY_EFFECTIVE_DATE)
  await expect(page.getByRole('button', { name: 'Mehr lesen' })).toHaveCount(4)
})

test('legal pages pass axe', async ({ page }) => {
  await page.goto('/terms')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expectNoSeriousA11yViolations(page)
  await page.goto('/privacy')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expectNoSeriousA11yViolations(page)
})
