import { test as base, type Page } from '@playwright/test'
import { buyCredits, createVerifiedAccount, type EmulatorAccount, signInThroughUI } from './accounts'

// Playwright fixtures of the journeys. A paying user's first minute, made the
// way a person gets there: a new verified account buys the starter tier on the
// local checkout (spec §9: floor(20 / 1.75) = 11 credits) and signs in through
// the /auth page, landing on the generator.
//
// - `fundedUser`: the account, credits bought, not signed in anywhere yet.
// - `fundedPage`: the test's page, signed in as `fundedUser`.
// - `fundedUserOptions` (test.use): the account's display name, and whether the
//   page's clock is installed before the app loads (spec §4's polls run on it).

export interface FundedUserOptions {
  displayName?: string
  clock?: boolean
}

/** Buys the starter tier for a new verified account. */
async function fundedAccount(page: Page, options: FundedUserOptions): Promise<EmulatorAccount> {
  const account = await createVerifiedAccount(options.displayName === undefined ? {} : { displayName: options.displayName })
  await buyCredits(page.request, account, { priceId: 'starter' })
  return account
}

/** Signs `page` in as `account`, the page's clock installed first when asked. */
async function signInOn(page: Page, account: EmulatorAccount, options: FundedUserOptions): Promise<void> {
  if (options.clock === true) await page.clock.install()
  await signInThroughUI(page, account)
}

/** The fixtures' steps for a test that must do something first (a route to set up before the app loads). */
export async function signInFunded(page: Page, options: FundedUserOptions = {}): Promise<EmulatorAccount> {
  const account = await fundedAccount(page, options)
  await signInOn(page, account, options)
  return account
}

export const test = base.extend<{ fundedUserOptions: FundedUserOptions; fundedUser: EmulatorAccount; fundedPage: Page }>({
  fundedUserOptions: [{}, { option: true }],
  fundedUser: async ({ page, fundedUserOptions }, provide) => provide(await fundedAccount(page, fundedUserOptions)),
  fundedPage: async ({ page, fundedUser, fundedUserOptions }, provide) => {
    await signInOn(page, fundedUser, fundedUserOptions)
    await provide(page)
  },
})

export { expect } from '@playwright/test'
