import { type Browser, expect, type Page, test } from '@playwright/test'
import { baseURL } from '../../playwright.config.ts'
import { buyCredits, createVerifiedAccount, type EmulatorAccount, signInThroughUI } from './support/accounts'
import { expectNoSeriousA11yViolations } from './support/axe'
import { expectToPlay, runPollsUntil } from './support/generation'

// spec §2 UGC actor page (step 1 UGC Actor, output panel, step 2 input), §4
// Generation, §5 UGC rules, §6 sign-in, §8 ugc_error keys, §9 costs.

const credits = (page: Page, text: string) => page.getByRole('link', { name: `${text} credits`, exact: true })
const main = (page: Page) => page.getByRole('main')

/** A signed-in account with the starter tier bought (spec §9: $20 = 11 credits). */
async function signedInWithCredits(page: Page, account: EmulatorAccount) {
  await buyCredits(page.request, account, { priceId: 'starter' })
  await signInThroughUI(page, account)
  await expect(credits(page, '11.00')).toBeVisible()
}

async function startFromTemplate(page: Page, template: string) {
  await main(page).getByRole('button', { name: new RegExp(template) }).click()
  await main(page).getByRole('button', { name: 'Generate', exact: true }).click()
}

test.describe('signed out', () => {
  test('asks to log in, with a sign-in link, and refuses Generate', async ({ page }) => {
    await page.goto('/ugc-actor')
    await expect(main(page).getByText('Please log in to the system to generate the video.').first()).toBeVisible()
    await expectNoSeriousA11yViolations(page)
    await main(page).getByRole('button', { name: 'Generate', exact: true }).click()
    await expect(main(page).getByRole('alert')).toHaveText('Please log in to the system to generate the video.')
    await main(page).getByRole('link', { name: 'Sign in' }).click()
    await expect(page).toHaveURL(/\/auth/)
  })
})

test.describe('signed in', () => {
  test.setTimeout(180_000)

  test('a template fills the prompt; the video plays, costs 1.75, downloads as ugc-video.mp4 and gets a voice', async ({ page }) => {
    await page.clock.install()
    await signedInWithCredits(page, await createVerifiedAccount())
    await expect(main(page).getByRole('button', { name: 'UGC Actor' })).toHaveAttribute('aria-pressed', 'true')
    await expect(main(page).getByText('Your creation will appear here')).toBeVisible()

    // spec §2: the category filter narrows the six templates.
    await main(page).getByRole('button', { name: 'Business', exact: true }).click()
    await expect(main(page).getByRole('button', { name: /Healthcare expert/ })).toHaveCount(0)
    await main(page).getByRole('button', { name: /Office pitch/ }).click()
    await expect(main(page).getByLabel('Prompt', { exact: true })).toHaveValue(/businesswoman/)
    await expect(main(page).getByText('Cost: 1.75 credits')).toBeVisible()
    await expectNoSeriousA11yViolations(page)

    await main(page).getByRole('button', { name: 'Generate', exact: true }).click()
    await expect(main(page).getByRole('button', { name: /Generating/ })).toBeDisabled()
    await expect(main(page).getByText('AI video generation in progress').first()).toBeVisible()
    const video = main(page).getByLabel('Generated video')
    await runPollsUntil(page, async () => (await video.count()) === 1)
    await expectToPlay(video)
    // spec §9: 11.00 - 1.75.
    await expect(credits(page, '9.25')).toBeVisible()

    const download = page.waitForEvent('download')
    await main(page).getByRole('button', { name: 'Download' }).click()
    expect((await download).suggestedFilename()).toBe('ugc-video.mp4')

    const outputUrl = await video.getAttribute('src')
    await main(page).getByRole('button', { name: 'Add voice' }).click()
    await expect(main(page).getByRole('button', { name: /Lip Sync/ })).toHaveAttribute('aria-current', 'step')
    await expect(main(page).getByLabel('Input video')).toHaveAttribute('src', outputUrl ?? '')
    expect(new URL(page.url()).searchParams.get('video')).toBe(outputUrl)
    await expect(main(page).getByRole('button', { name: 'Add voice' })).toHaveCount(0)
  })

  test('without credits the output panel offers Add credits', async ({ page }) => {
    await signInThroughUI(page, await createVerifiedAccount())
    await expect(credits(page, '0')).toBeVisible()
    await startFromTemplate(page, 'Selfie review')
    await expect(main(page).getByText("You don't have enough credits to generate the video.")).toBeVisible()
    await main(page).getByRole('link', { name: 'Add credits' }).click()
    await expect(page).toHaveURL(/\/purchase/)
  })

  test('a second start while one runs (another device) is refused with one_time_generate', async ({ page, browser }) => {
    const account = await createVerifiedAccount()
    await signedInWithCredits(page, account)
    const other = await otherDevice(browser, account)
    await startFromTemplate(page, 'Podcast host')
    await expect(main(page).getByRole('progressbar', { name: 'Video generation progress' })).toBeVisible()
    await startFromTemplate(other, 'Keynote stage')
    await expect(main(other).getByRole('alert')).toHaveText(
      'You can only generate one video at a time. Please wait for the current video to finish generating.',
    )
    await other.context().close()
  })
})

async function otherDevice(browser: Browser, account: EmulatorAccount): Promise<Page> {
  const context = await browser.newContext({ baseURL })
  const page = await context.newPage()
  await signInThroughUI(page, account)
  await expect(credits(page, '11.00')).toBeVisible()
  return page
}

test('?step=2&video= opens lip sync with that video as its input, and step 1 shows it as the generated video', async ({ page }) => {
  const video = `${baseURL}/demo/ugc.mp4`
  await page.goto(`/ugc-actor?step=2&video=${encodeURIComponent(video)}`)
  await expect(main(page).getByRole('button', { name: /Lip Sync/ })).toHaveAttribute('aria-current', 'step')
  await expect(main(page).getByLabel('Input video')).toHaveAttribute('src', video)
  await main(page).getByRole('button', { name: /AI Actor/ }).click()
  await expect(main(page).getByLabel('Generated video')).toHaveAttribute('src', video)
  await expect(main(page).getByRole('button', { name: 'Add voice' })).toBeVisible()
})
