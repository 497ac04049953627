import { expect } from '@playwright/test'
import { z } from 'zod'
import { createEmulatorAccount, type EmulatorAccount, signIn, uniqueEmail } from '../../../server/testing/emulator-accounts.ts'
import type { EngineRun } from '../../../scripts/e2e-env.ts'
import type { Phone } from './phone.ts'

// Accounts for the cross-engine journeys, in the engine run's Auth Emulator, as
// tests/e2e/support/accounts.ts makes them for Chromium: the identity SDK's own
// calls, and credits bought the way the checkout page's Pay button does.

export type { EmulatorAccount }
export { uniqueEmail }

const emulatorHost = (run: EngineRun) => new URL(run.authEmulatorURL).host

/** A verified email/password account (password 'Passw0rd!'). */
export function createVerifiedAccount(run: EngineRun, displayName = 'Ada Tester'): Promise<EmulatorAccount> {
  return createEmulatorAccount(emulatorHost(run), { displayName, verified: true })
}

const oobCodes = z.object({ oobCodes: z.array(z.object({ email: z.string(), requestType: z.string(), oobLink: z.string() })) })

/** Follows the latest verification link the emulator "emailed" to `email` (what clicking it in the inbox does). */
export async function verifyEmailThroughLink(run: EngineRun, email: string): Promise<void> {
  const links = async () => {
    const answer = await fetch(`${run.authEmulatorURL}/emulator/v1/projects/demo-actorly/oobCodes`)
    const { oobCodes: codes } = oobCodes.parse(await answer.json())
    return codes.filter((code) => code.email.toLowerCase() === email.toLowerCase() && code.requestType === 'VERIFY_EMAIL').map((code) => code.oobLink)
  }
  await expect.poll(async () => (await links()).length, { message: `a verification email to ${email}` }).toBeGreaterThan(0)
  const link = (await links()).at(-1)
  if (link === undefined) throw new Error(`no verification email for ${email}`)
  expect((await fetch(link)).ok).toBe(true)
}

/** Signs in through /auth and waits for the generator (spec §2: after sign-in, /ugc-actor). */
export async function signInThroughUI(phone: Phone, account: Pick<EmulatorAccount, 'email' | 'password'>): Promise<void> {
  await phone.goto('/auth')
  await phone.getByLabel('Email').fill(account.email)
  await phone.getByLabel('Password', { exact: true }).fill(account.password)
  await phone.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect.poll(() => phone.path(), { message: 'signed in: on /ugc-actor', timeout: 20_000 }).toMatch(/^\/ugc-actor/)
}

/** Buys a tier for the account through the server's local checkout, as its Pay button does (no test-only doors). */
export async function buyCredits(
  run: EngineRun,
  account: Pick<EmulatorAccount, 'email' | 'password'>,
  priceId: 'starter' | 'creator' | 'enterprise',
): Promise<void> {
  const idToken = await signIn(emulatorHost(run), account.email, account.password)
  const headers = { authorization: `Bearer ${idToken}`, 'content-type': 'application/json' }
  const saved = await fetch(`${run.serverURL}/api/users/v1`, { method: 'POST', headers, body: JSON.stringify({ email: account.email, name: 'E2E Buyer' }) })
  expect(saved.ok).toBe(true)
  const checkout = await fetch(`${run.serverURL}/api/payment/v1/create-checkout-session`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ user: account.email, priceId }),
  })
  expect(checkout.ok).toBe(true)
  const { id } = z.object({ id: z.string() }).parse(await checkout.json())
  const paid = await fetch(`${run.serverURL}/checkout/${id}/pay`, { method: 'POST', redirect: 'manual' })
  expect(paid.status).toBeLessThan(400)
}
