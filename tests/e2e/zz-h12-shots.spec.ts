import path from 'node:path'
import { expect, test } from '@playwright/test'
import { buyCredits, createVerifiedAccount, signInThroughUI } from './support/accounts'
import { useLocale as openInLocale } from './support/locale'

test.use({ launchOptions: { executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'] } })
const SAMPLE_VIDEO = path.resolve(import.meta.dirname, '../../public/samples/app-walkthrough.mp4')

for (const locale of ['en', 'de'] as const) {
  test(`shots ${locale}`, async ({ page }) => {
    test.setTimeout(170_000)
    const account = await createVerifiedAccount({ displayName: 'Vera Voice' })
    await buyCredits(page.request, account, { priceId: 'starter' })
    await signInThroughUI(page, account)
    if (locale === 'de') await openInLocale(page, 'de')
    await page.setViewportSize({ width: 390, height: 844 })
    await page.goto('/ugc-actor?step=2')
    const form = page.locator('section.lip-sync')
    await expect(form.locator('input[type=file]').first()).toBeEnabled()
    await form.locator('input[type=file]').first().setInputFiles(SAMPLE_VIDEO)
    await page.waitForTimeout(3000)
    await form.locator('input[value=script]').check()
    await form.locator('textarea').fill(locale === 'de' ? 'Grüße aus Köln! Die Straße ist schön. Probier es heute aus.' : 'Hello! This is my new ad. Try it today, it only takes a minute.')
    for (const width of [320, 390, 1280]) {
      await page.setViewportSize({ width, height: width === 1280 ? 900 : 844 })
      await form.locator('.audio-modes').scrollIntoViewIfNeeded()
      await page.screenshot({ path: `/tmp/h12/${locale}-script-${width}.png`, fullPage: true })
    }
    await page.setViewportSize({ width: 390, height: 844 })
    await form.locator('.voice-source__create').click()
    await expect(form.locator('.file-card')).toHaveCount(2, { timeout: 60_000 })
    await form.locator('.settings-disclosure__summary').click()
    await form.locator('.settings-disclosure [role=switch]').nth(1).click()
    await form.locator('input[value=bold]').check()
    await expect(form.locator('.caption-preview img')).toBeVisible({ timeout: 30_000 })
    await form.locator('.caption-cues__summary').click()
    for (const width of [320, 390, 1280]) {
      await page.setViewportSize({ width, height: width === 1280 ? 900 : 844 })
      await form.locator('.captions-settings').scrollIntoViewIfNeeded()
      await page.screenshot({ path: `/tmp/h12/${locale}-captions-${width}.png`, fullPage: true })
    }
  })
}
