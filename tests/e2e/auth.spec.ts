import { expect, type Page, test } from '@playwright/test'
import { createVerifiedAccount, emailedCodes, signInThroughUI, uniqueEmail, verifyEmailThroughLink } from './support/accounts'
import { expectNoSeriousA11yViolations } from './support/axe'

// spec §2 Auth page, §4 Sign-up / Session, §8 Auth: the journeys through the
// one auth card, on the real server and a fresh Auth Emulator.

/** The top bar's greeting sits in the collapsed menu on a phone (spec §2 Top bar). */
async function expectGreeting(page: Page, name: string) {
  await page.getByRole('button', { name: 'Menu' }).click()
  await expect(page.getByText(`Welcome, ${name}`)).toBeVisible()
}

async function signInWith(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
}

test('a verified account signs in and lands on the generator, greeted by name', async ({ page }) => {
  const account = await createVerifiedAccount({ displayName: 'Grace Hopper' })
  await signInThroughUI(page, account)
  await expect(page).toHaveURL(/\/ugc-actor$/)
  await expectGreeting(page, 'Grace Hopper')
})
