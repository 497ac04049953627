import { expect, test } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './support/axe'
import { useLocale } from './support/locale'

// spec §2 "Payment pages": where the hosted checkout returns, with the top bar (docs/decisions/0116).
// The confirmed purchase ("N credits added", the new balance): purchase.spec.ts, journey.spec.ts.

test('success says so and leads to the generator', async ({ page }) => {
  await page.goto('/success')
  await expect(page.getByRole('heading', { level: 1, name: 'Payment Successful!' })).toBeVisible()
  await expect(page.getByRole('banner').getByRole('button', { name: 'Menu' })).toBeVisible()
  await expectNoSeriousA11yViolations(page)
  await page.getByRole('link', { name: 'Start creating' }).click()
  await expect(page).toHaveURL('/ugc-actor')
})

test('cancel offers to try again or contact support', async ({ page }) => {
  await page.goto('/cancel')
  await expect(page.getByRole('heading', { level: 1, name: 'Payment Canceled' })).toBeVisible()
  await expect(page.getByRole('banner').getByRole('button', { name: 'Menu' })).toBeVisible()
  await expect(page.getByText(/You can try again or contact support/)).toBeVisible()
  await expectNoSeriousA11yViolations(page)
  await page.getByRole('link', { name: 'contact support' }).click()
  await expect(page).toHaveURL('/contact')
  await page.goBack()
  await page.getByRole('link', { name: 'Try Again' }).click()
  await expect(page).toHaveURL('/purchase')
})

test('both pages speak German', async ({ page }) => {
  await useLocale(page, 'de')
  await page.goto('/success')
  await expect(page.getByRole('heading', { level: 1, name: 'Zahlung erfolgreich!' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Jetzt erstellen' })).toBeVisible()
  await expect(page).toHaveTitle('Zahlung erfolgreich! · Actorly')
  await expectNoSeriousA11yViolations(page)
  await page.goto('/cancel')
  await expect(page.getByRole('heading', { level: 1, name: 'Zahlung abgebrochen' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'den Support kontaktieren' })).toHaveAttribute('href', '/contact')
  await expect(page.getByRole('link', { name: 'Erneut versuchen' })).toHaveAttribute('href', '/purchase')
  await expectNoSeriousA11yViolations(page)
})

test('offline, the success page keeps Start creating waiting and says why', async ({ page, context }) => {
  await page.goto('/success')
  await expect(page.getByRole('link', { name: 'Start creating' })).toBeVisible()
  await context.setOffline(true)
  const waiting = page.getByRole('button', { name: 'Start creating' })
  await expect(waiting).toBeDisabled()
  await expect(waiting).toHaveAccessibleDescription('You are offline. Connect to the internet to make videos.')
  await context.setOffline(false)
  await expect(page.getByRole('link', { name: 'Start creating' })).toBeVisible()
})
