import { readFile } from 'node:fs/promises'
import { expect, type Locator, type Page, test } from '@playwright/test'
import { createVerifiedAccount, type EmulatorAccount, signInThroughUI } from './support/accounts'
import { expectNoSeriousA11yViolations } from './support/axe'
import { signInFunded } from './support/fixtures'
import { keepFromGallery } from './support/gallery'
import { seedGallery, type SeededItem, userRecordId } from './support/seed-gallery'
import { waitForServiceWorkerControl } from './support/service-worker'

// The Account screen (docs/decisions/0115) as a person meets it on a phone: opened from the
// account menu, it changes the language, downloads the data file, removes the videos kept
// on this device and signs out; offline it opens and says what waits for the network, and
// the top bar shows the last known balance with an offline mark (docs/decisions/0117).
// Deleting the account from here: account-deletion.spec.ts.

/** Opens the account menu (the phone's menu button) and follows its Account entry. */
async function openAccountScreen(page: Page): Promise<void> {
  const topBar = page.getByRole('banner')
  const toggle = topBar.getByRole('button', { name: 'Menu' })
  await toggle.click()
  await expect(toggle).toHaveAttribute('aria-expanded', 'true')
  await topBar.getByRole('link', { name: 'Account' }).click()
  await expect(page).toHaveURL('/account')
  await expect(toggle).toHaveAttribute('aria-expanded', 'false')
  await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible()
}

const section = (page: Page, name: string): Locator => page.getByRole('main').getByRole('region', { name })

async function signedInWithAVideo(page: Page): Promise<{ account: EmulatorAccount; video: SeededItem }> {
  const account = await createVerifiedAccount({ displayName: 'Ada Account' })
  const [video] = await seedGallery(await userRecordId(page.request, account), { ugc: 1 })
  if (video === undefined) throw new Error('nothing seeded')
  await signInThroughUI(page, account)
  await waitForServiceWorkerControl(page)
  return { account, video }
}

test('from the account menu: the Account screen changes the language, downloads the data, removes kept videos and signs out', async ({ page }) => {
  test.setTimeout(120_000)
  const { account, video } = await signedInWithAVideo(page)
  await page.goto('/gallery')
  await keepFromGallery(page, video)
  await expect(page.getByText('Available offline')).toBeVisible()

  await openAccountScreen(page)
  await expect(section(page, 'Profile')).toContainText('Ada Account')
  await expect(section(page, 'Profile')).toContainText(account.email)
  await expectNoSeriousA11yViolations(page)
  // The open account menu too (contrast, names).
  await page.getByRole('banner').getByRole('button', { name: 'Menu' }).click()
  await expect(page.getByRole('banner').getByText('Welcome, Ada Account')).toBeVisible()
  await expectNoSeriousA11yViolations(page)
  await page.keyboard.press('Escape')

  // Download my data: one JSON file with the account.
  const download = page.waitForEvent('download')
  await section(page, 'Your data').getByRole('button', { name: 'Download my data' }).click()
  const file = await download
  expect(file.suggestedFilename()).toMatch(/^actorly-data-\d{4}-\d{2}-\d{2}\.json$/)
  const data = JSON.parse(await readFile((await file.path()) ?? '', 'utf8')) as { account: { email: string } }
  expect(data.account.email).toBe(account.email)

  // What this device keeps, and removing all of it.
  const device = section(page, 'Videos kept on this device')
  await expect(device).toContainText('1 video')
  await device.getByRole('button', { name: 'Remove all kept videos' }).click()
  const confirm = page.getByRole('alertdialog', { name: 'Remove all kept videos?' })
  await confirm.getByRole('button', { name: 'Remove' }).click()
  await expect(confirm).toBeHidden()
  await expect(device.getByText('1 video was removed from this device.')).toBeVisible()
  await expect(device).toContainText('0 videos')
  // Nothing left to remove; the keyboard user is still where they were.
  await expect(device.getByRole('button', { name: 'Remove all kept videos' })).toBeDisabled()
  await expect(device.getByRole('button', { name: 'Remove all kept videos' })).toBeFocused()

  // The language, here as in the menu.
  await section(page, 'Language').getByRole('radio', { name: 'Deutsch' }).check()
  await expect(page.locator('html')).toHaveAttribute('lang', 'de')
  await expect(page.getByRole('heading', { level: 1, name: 'Konto' })).toBeVisible()
  await expect(page).toHaveTitle('Konto · Actorly')
  await section(page, 'Sprache').getByRole('radio', { name: 'English' }).check()
  await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible()

  // The gallery no longer has the video on this device.
  await page.getByRole('banner').getByRole('button', { name: 'Menu' }).click()
  await page.getByRole('banner').getByRole('link', { name: 'Gallery' }).click()
  await expect(page.getByRole('button', { name: `Preview: ${video.prompt}` })).toBeVisible()
  await expect(page.getByText('Available offline')).toHaveCount(0)

  // Sign out from the Account screen: nothing kept, so no question.
  await openAccountScreen(page)
  await section(page, 'Profile').getByRole('button', { name: 'Sign out' }).click()
  await expect(page.getByRole('heading', { name: 'Sign in to see your account' })).toBeVisible()
  await expect(page.getByRole('banner').getByRole('link', { name: 'view plans' })).toBeVisible()
})

test('offline, the Account screen opens, says what waits for the network, and the bar shows the last known balance', async ({ page, context }) => {
  test.setTimeout(90_000)
  const account = await signInFunded(page, { displayName: 'Otto Offline' })
  await waitForServiceWorkerControl(page)
  await page.goto('/account')
  const credits = page.getByRole('banner').getByRole('link', { name: '11.00 credits', exact: true })
  await expect(credits).toBeVisible()

  await context.setOffline(true)
  await page.reload()
  await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible()
  // The last balance this device saw, marked offline, never a cut-off "Balance unavailable".
  const lastKnown = page.getByRole('banner').getByRole('link', { name: '11.00 credits, last known balance (offline)' })
  await expect(lastKnown).toBeVisible()
  await expect(lastKnown).toHaveText('11.00 credits')
  await expect(page.getByRole('banner').getByText(/unavailable/)).toHaveCount(0)

  const downloadButton = section(page, 'Your data').getByRole('button', { name: 'Download my data' })
  await expect(downloadButton).toBeDisabled()
  await expect(downloadButton).toHaveAccessibleDescription('You are offline. Connect to the internet to download your data.')
  const deleteButton = section(page, 'Delete account').getByRole('button', { name: 'Delete my account' })
  await expect(deleteButton).toBeDisabled()
  await expect(deleteButton).toHaveAccessibleDescription('You are offline. Connect to the internet to delete your account.')
  await expect(section(page, 'Profile')).toContainText(account.email)
  await expectNoSeriousA11yViolations(page)

  // Back online: the balance is fetched again and the actions come back.
  await context.setOffline(false)
  await expect(credits).toBeVisible({ timeout: 15_000 })
  await expect(downloadButton).toBeEnabled()
})
