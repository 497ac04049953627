import { expect, type APIRequestContext, type Page } from '@playwright/test'
import { authEmulatorURL } from '../../../playwright.config.ts'
import { createEmulatorAccount, type EmulatorAccount, signIn, uniqueEmail } from '../../../server/testing/emulator-accounts.ts'

// Accounts for end-to-end tests, made in the e2e Auth Emulator the way the
// identity SDK makes them, and credits bought through the local checkout the way
// a person pays (no test-only doors into the server).

export type { EmulatorAccount }
export { uniqueEmail }

const emulatorHost = new URL(authEmulatorURL).host

/** A verified email/password account (password 'Passw0rd!'). */
export function createVerifiedAccount(options: { displayName?: string; email?: string } = {}): Promise<EmulatorAccount> {
  return createEmulatorAccount(emulatorHost, { displayName: options.displayName ?? 'Ada Tester', email: options.email, verified: true })
}

/** An account that has not verified its email yet. */
export function createUnverifiedAccount(options: { displayName?: string; email?: string } = {}): Promise<EmulatorAccount> {
  return createEmulatorAccount(emulatorHost, { displayName: options.displayName ?? 'Una Verified', email: options.email, verified: false })
}

interface OobCode {
  email: string
  requestType: 'VERIFY_EMAIL' | 'PASSWORD_RESET' | string
  oobCode: string
  oobLink: string
}

/** The emails an Auth Emulator "sent" (verification and reset links with their codes); the e2e suite's unless another is named. */
export async function emailedCodes(email: string, emulatorURL = authEmulatorURL): Promise<OobCode[]> {
  const response = await fetch(`${emulatorURL}/emulator/v1/projects/demo-actorly/oobCodes`)
  const { oobCodes } = (await response.json()) as { oobCodes: OobCode[] }
  return oobCodes.filter((code) => code.email.toLowerCase() === email.toLowerCase())
}

/** Follows the latest verification link the emulator sent to `email` (what clicking it in the inbox does). */
export async function verifyEmailThroughLink(email: string, emulatorURL = authEmulatorURL): Promise<void> {
  const verifications = async () => (await emailedCodes(email, emulatorURL)).filter((code) => code.requestType === 'VERIFY_EMAIL')
  await expect.poll(async () => (await verifications()).length).toBeGreaterThan(0)
  const link = (await verifications()).at(-1)?.oobLink
  if (!link) throw new Error(`no verification email for ${email}`)
  const response = await fetch(link)
  expect(response.ok).toBe(true)
}

/** Signs up through the /auth page (spec §2: the terms to agree to first, then the verification notice). */
export async function signUpThroughUI(page: Page, person: { name: string; email: string; password: string }): Promise<void> {
  await page.goto('/auth')
  await page.getByRole('button', { name: 'Sign up' }).click()
  await page.getByLabel('Name').fill(person.name)
  await page.getByLabel('Email').fill(person.email)
  await page.getByLabel('Password', { exact: true }).fill(person.password)
  await page.getByRole('button', { name: 'Sign up' }).click()
  const terms = page.getByRole('dialog', { name: 'Terms of Service' })
  await expect(terms).toBeVisible()
  await terms.getByRole('button', { name: 'Agree' }).click()
  await expect(page.getByText(`We sent a verification email to ${person.email}.`, { exact: false })).toBeVisible()
}

/** Signs in through the /auth page and waits for the generator (spec §2: after sign-in, /ugc-actor). */
export async function signInThroughUI(page: Page, account: Pick<EmulatorAccount, 'email' | 'password'>): Promise<void> {
  await page.goto('/auth')
  await page.getByLabel('Email').fill(account.email)
  await page.getByLabel('Password', { exact: true }).fill(account.password)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await page.waitForURL('**/ugc-actor**')
}

/**
 * Buys a tier for the account through the server's local checkout, as the
 * checkout page's Pay button does, and returns the credits it added.
 */
export async function buyCredits(
  request: APIRequestContext,
  account: Pick<EmulatorAccount, 'email' | 'password'>,
  purchase: { priceId: 'starter' | 'creator' | 'enterprise' } | { customAmount: number },
): Promise<void> {
  const idToken = await signIn(emulatorHost, account.email, account.password)
  const headers = { authorization: `Bearer ${idToken}` }
  // The first signed-in call makes sure the user record exists (the app does the same after sign-in).
  const saved = await request.post('/api/users/v1', { headers, data: { email: account.email, name: 'E2E Buyer' } })
  expect(saved.ok()).toBe(true)
  const checkout = await request.post('/api/payment/v1/create-checkout-session', { headers, data: { user: account.email, ...purchase } })
  expect(checkout.ok()).toBe(true)
  const { id } = (await checkout.json()) as { id: string }
  const paid = await request.post(`/checkout/${id}/pay`, { maxRedirects: 0 })
  expect(paid.status()).toBeLessThan(400)
}
