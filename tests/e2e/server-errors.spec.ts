import { rm } from 'node:fs/promises'
import path from 'node:path'
import { expect, type Locator, type Page, test } from '@playwright/test'
import { e2ePorts } from '../../scripts/e2e-env.ts'
import { openDatabase } from '../../server/db/database.ts'
import { buyCredits, createVerifiedAccount, signInThroughUI } from './support/accounts'
import { runPollsUntil, SAMPLE_VIDEO, VOICE } from './support/generation'
import { useLocale } from './support/locale'

// A German user meets the server's refusals in German (decision 0253): the
// screen words the answer's code, and where an answer has no code (a failed
// job's error field) the server's English is only a marked detail. Every
// refusal here comes from the real server.

const { dataDir } = e2ePorts(process.env, path.resolve(import.meta.dirname, '../..'))
const FACE = path.join(import.meta.dirname, 'fixtures/face.png')
const main = (page: Page): Locator => page.getByRole('main')

/**
 * Takes the account's user record away from it in the e2e server's database (an
 * account whose record is gone): the row stays for what refers to it, but no
 * longer belongs to this identity or address.
 */
async function loseUserRecord(email: string): Promise<void> {
  const handle = await openDatabase({ database: { kind: 'sqlite', file: path.join(dataDir, 'actorly.sqlite') } })
  try {
    await handle.db
      .updateTable('users')
      .set({ email: `gone-${Date.now()}@example.test`, firebase_uid: null })
      .where('email', '=', email.toLowerCase())
      .execute()
  } finally {
    await handle.destroy()
  }
}

/** Removes a stored upload from the e2e server's media folder, by its address. */
async function deleteStoredMedia(url: string): Promise<void> {
  const name = new URL(url).pathname.split('/').at(-1) ?? ''
  expect(name).not.toBe('')
  await rm(path.join(dataDir, 'media', name))
}

test('a consistent actor that fails is told in German; the server English is only a marked detail', async ({ page }) => {
  test.setTimeout(180_000)
  const account = await createVerifiedAccount()
  await buyCredits(page.request, account, { priceId: 'starter' })
  await page.clock.install()
  await signInThroughUI(page, account)
  await useLocale(page, 'de')
  await page.goto('/consistent-actor')
  await expect(page.getByRole('link', { name: '11,00 Credits' })).toBeVisible()

  const uploaded = page.waitForResponse((response) => response.url().endsWith('/api/media/v1/upload'))
  await main(page).getByLabel('Gesichtsbild').setInputFiles(FACE)
  const { secure_url: imageUrl } = (await (await uploaded).json()) as { secure_url: string }
  await expect(main(page).getByText('Bereit')).toBeVisible()
  // The stored image is gone before the renderer reads it: the job fails with the server's own (English) error.
  await deleteStoredMedia(imageUrl)
  await main(page).getByLabel('Prompt', { exact: true }).fill('Sie lächelt und nickt.')
  const stored = page.waitForResponse((response) => response.url().endsWith('/api/fal/v1/imageToVideo'))
  await main(page).getByRole('button', { name: 'Generieren · 2,00 Credits' }).click()
  expect((await stored).ok()).toBe(true)

  const alert = main(page).getByRole('alert')
  await runPollsUntil(page, async () => (await alert.count()) === 1)
  await expect(alert).toContainText('Das Video konnte nicht erstellt werden. Bitte versuche es später erneut.')
  const detail = alert.locator('[lang="en"]')
  await expect(detail).not.toBeEmpty()
  await expect(alert).toContainText('Details:')
  // Refunded (decision 0070): the balance is whole again.
  await expect(page.getByRole('link', { name: '11,00 Credits' })).toBeVisible()
})

test('an account whose record is gone hears "Benutzer nicht gefunden" from lip sync and from checkout', async ({ page }) => {
  test.setTimeout(120_000)
  const account = await createVerifiedAccount()
  // Credits for the lip sync, so the start goes to the server (with none the action bar leads to the purchase page, decision 0135).
  await buyCredits(page.request, account, { priceId: 'starter' })
  await signInThroughUI(page, account)
  await useLocale(page, 'de')
  await page.goto('/ugc-actor?step=2')
  const form = page.getByRole('region', { name: 'Lippensynchronisation', exact: true })
  await expect(form.getByLabel('Video hochladen')).toBeEnabled()
  await form.getByLabel('Video hochladen').setInputFiles(SAMPLE_VIDEO)
  await expect(form.getByLabel('Eingabevideo')).toHaveAttribute('src', /\/media\//)
  await form.getByLabel('Audiodatei').setInputFiles(VOICE)
  // The card shows the name while it uploads: wait for the stored audio before starting.
  await expect(form.getByLabel('Audio: voice-3s.mp3')).toHaveAttribute('src', /\/media\//)

  await loseUserRecord(account.email)
  // spec §8 lipsync_error.user_not, not failed_to_generate.
  await form.getByRole('button', { name: 'Lippensynchronisation starten' }).click()
  await expect(form.getByRole('alert')).toHaveText('Benutzer nicht gefunden')

  // The same refusal at checkout (the server's message is English: 'User not found: save the user record …').
  await page
    .getByRole('banner')
    .getByRole('link', { name: /Credits/ })
    .click()
  await page.getByRole('button', { name: 'Weiter zur Kasse' }).click()
  await expect(page.getByText('Benutzer nicht gefunden', { exact: true })).toBeVisible()
  await expect(page.getByText(/save the user record/)).toHaveCount(0)
})

test('a contact message the server refuses is explained in German', async ({ page }) => {
  await useLocale(page, 'de')
  await page.goto('/contact')
  await page.getByLabel('E-Mail').fill('ada@example.com')
  // Longer than the server takes (contract/messages.ts: 10 000 characters): 400 validation_failed, in English.
  await page.getByLabel('Nachricht', { exact: true }).fill('Bitte helft mir. '.repeat(700))
  const refused = page.waitForResponse((response) => response.url().endsWith('/api/messages/v1/new'))
  await page.getByRole('button', { name: 'Nachricht senden' }).click()
  expect((await refused).status()).toBe(400)
  await expect(
    page.getByText('Die Nachricht konnte nicht gesendet werden: Einige deiner Angaben sind ungültig. Bitte prüfe sie und versuche es erneut.'),
  ).toBeVisible()
})
