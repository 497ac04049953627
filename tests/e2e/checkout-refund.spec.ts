import { expect, test } from '@playwright/test'
import { createVerifiedAccount, signInThroughUI } from './support/accounts'
import { expectNoSeriousA11yViolations } from './support/axe'

// The local checkout's test refund (docs/decisions/0262): the path a refund at
// the payment provider takes, tried without Stripe. A paid checkout page offers
// the refund; it takes the purchase's credits back, once.

test('a paid local checkout can be refunded, which takes its credits back', async ({ page }) => {
  await signInThroughUI(page, await createVerifiedAccount({ displayName: 'Rita Refund' }))
  await page.goto('/purchase')
  await page.getByRole('radio', { name: /Starter/ }).check()
  await page.getByRole('button', { name: 'Continue to checkout' }).click()
  await expect(page).toHaveURL(/\/checkout\//)
  const checkoutPage = page.url()
  await page.getByRole('button', { name: 'Pay $20.00 (test)' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Payment Successful!' })).toBeVisible()
  await page.getByRole('link', { name: 'Start creating' }).click()
  await expect(page.getByRole('banner').getByRole('link', { name: '11.00 credits' })).toBeVisible()

  // Back on the checkout page (its address is the session's capability): it is paid and offers a refund.
  await page.goto(checkoutPage)
  await expect(page.getByRole('heading', { name: 'This checkout is already paid' })).toBeVisible()
  await expectNoSeriousA11yViolations(page)
  await page.getByRole('button', { name: 'Refund $20.00 (test)' }).click()
  await expect(page.getByRole('heading', { name: 'This checkout was refunded' })).toBeVisible()
  await expect(page.getByRole('button', { name: /Refund/ })).toHaveCount(0)

  await page.goto('/ugc-actor')
  await expect(page.getByRole('banner').getByRole('link', { name: '0 credits' })).toBeVisible()
})
