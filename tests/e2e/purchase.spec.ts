import { expect, type Page, test } from '@playwright/test'
import { createVerifiedAccount, signInThroughUI } from './support/accounts'
import { expectNoSeriousA11yViolations } from './support/axe'
import { useLocale } from './support/locale'

// Plans and credits (spec §2 Purchase, §5 custom amount, §6, §8 Checkout, §9)
// against the real server and its local test checkout (docs/api.md).

const amountField = (page: Page) => page.getByLabel('Custom amount (USD)')
const checkoutButton = (page: Page) => page.getByRole('button', { name: 'Continue to checkout' })
/** The value of one line of the order summary (a term and its definition). */
const orderLine = (page: Page, term: string) =>
  page.getByRole('region', { name: 'Order summary' }).getByRole('term').filter({ hasText: term }).locator('xpath=following-sibling::dd[1]')

test('visitors can compare plans but are asked to sign in to buy', async ({ page }) => {
  await page.goto('/purchase')
  await expect(page.getByRole('heading', { level: 1, name: 'Plans and credits' })).toBeVisible()
  await expect(page.getByRole('radio', { name: /Starter/ })).toBeChecked()
  await expect(page.getByText('Please sign in to purchase credits.')).toBeVisible()
  await expect(checkoutButton(page)).toHaveCount(0)
  await expectNoSeriousA11yViolations(page)
  await page.getByRole('main').getByRole('link', { name: 'Sign in' }).click()
  await expect(page).toHaveURL(/\/auth$/)
})

test('the plans and the custom amount messages in German', async ({ page }) => {
  await useLocale(page, 'de')
  await page.goto('/purchase')
  await expect(page.getByRole('heading', { level: 1, name: 'Tarife und Credits' })).toBeVisible()
  await expect(page.getByText('Bitte melde dich an, um Credits zu kaufen.')).toBeVisible()
  await page.getByRole('radio', { name: /Individuell/ }).check()
  await page.getByLabel('Eigener Betrag (USD)').fill('19')
  await expect(page.getByRole('alert')).toHaveText('Der Mindestbetrag ist 20 $')
  await expectNoSeriousA11yViolations(page)
})

test.describe('signed in', () => {
  test.beforeEach(async ({ page }) => {
    const account = await createVerifiedAccount({ displayName: 'Paula Buyer' })
    await signInThroughUI(page, account)
  })

  test('a custom amount outside $20-$200 or not a number blocks checkout (spec §5)', async ({ page }) => {
    await page
      .getByRole('banner')
      .getByRole('link', { name: /credits$/ })
      .click()
    await expect(page).toHaveURL(/\/purchase$/)
    await page.getByRole('radio', { name: /Custom/ }).check()
    await expect(amountField(page)).toHaveValue('20')
    await expect(checkoutButton(page)).toBeEnabled()

    for (const [typed, message] of [
      ['19', 'Minimum amount is $20'],
      ['201', 'Maximum amount is $200'],
      ['abc', 'Please enter a valid number'],
    ] as const) {
      await amountField(page).fill(typed)
      await expect(page.getByRole('alert')).toHaveText(message)
      await expect(amountField(page)).toHaveAttribute('aria-invalid', 'true')
      await expect(checkoutButton(page)).toBeDisabled()
    }
    await expectNoSeriousA11yViolations(page)

    await amountField(page).fill('70')
    await expect(page.getByRole('alert')).toHaveCount(0)
    await expect(checkoutButton(page)).toBeEnabled()
    // spec §9: floor(70 / 1.75) = 40 credits.
    await expect(orderLine(page, 'Price')).toHaveText('$70')
    await expect(orderLine(page, 'Credits')).toHaveText('40')
  })

  test('buying the creator tier on the local checkout adds 20 credits to the top bar', async ({ page }) => {
    await page.goto('/purchase')
    await page.getByRole('radio', { name: /Creator/ }).check()
    await expect(orderLine(page, 'Price')).toHaveText('$35')
    await expect(orderLine(page, 'Credits')).toHaveText('20')
    await checkoutButton(page).click()

    // The server's TEST MODE checkout page (no Stripe configured).
    await expect(page).toHaveURL(/\/checkout\//)
    await page.getByRole('button', { name: 'Pay $35.00 (test)' }).click()

    await expect(page).toHaveURL(/\/success\?session_id=/)
    await expect(page.getByRole('heading', { level: 1, name: 'Payment Successful!' })).toBeVisible()
    await expect(page.getByText('20 credits added', { exact: true })).toBeVisible()
    await expect(page.getByText('New balance: 20.00 credits')).toBeVisible()
    await expectNoSeriousA11yViolations(page)
    await page.getByRole('link', { name: 'Start creating' }).click()
    await expect(page).toHaveURL(/\/ugc-actor/)
    // floor(35 / 1.75) = 20 (spec §9), shown to two decimals (spec §2).
    await expect(page.getByRole('banner').getByRole('link', { name: '20.00 credits' })).toBeVisible()
  })

  test('canceling on the checkout page leads back to try again', async ({ page }) => {
    await page.goto('/purchase')
    await checkoutButton(page).click()
    await expect(page).toHaveURL(/\/checkout\//)
    await page.getByRole('button', { name: 'Cancel' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Payment Canceled' })).toBeVisible()
    await page.getByRole('link', { name: 'Try Again' }).click()
    await expect(page.getByRole('radio', { name: /Starter/ })).toBeChecked()
    await expect(checkoutButton(page)).toBeEnabled()
  })
})
