import type { Page } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './support/axe'
import { expect, test } from './support/fixtures'
import { expectToPlay, runPollsUntil } from './support/generation'

// spec §2 Consistent_generate (face image, prompt, Output Video panel), §5
// consistent-actor rules, §8 consistent_error keys, §9 cost of 2 credits.

const FACE = 'tests/e2e/fixtures/face.png'
const main = (page: Page) => page.getByRole('main')
const credits = (page: Page, text: string) => page.getByRole('link', { name: `${text} credits` })

// The paying user's page runs the page's clock (installed before the app loads): spec §4's polls.
test.use({ fundedUserOptions: { clock: true } })

test('/consistent-actor opens on Consistent Actor and refuses a wrong type and a file over 10 MB before uploading', async ({ page }) => {
  // axe on a loaded machine can take a while.
  test.setTimeout(60_000)
  await page.goto('/consistent-actor')
  await expect(main(page).getByRole('button', { name: 'Consistent Actor' })).toHaveAttribute('aria-pressed', 'true')
  await expect(main(page).getByText('jpg, jpeg, png, webp up to 10MB')).toBeVisible()
  // spec §9: 2 credits, named on the action bar.
  await expect(main(page).getByRole('button', { name: 'Generate · 2.00 credits' })).toBeVisible()
  const uploads: string[] = []
  page.on('request', (request) => {
    if (request.url().includes('/api/media/')) uploads.push(request.url())
  })
  const field = main(page).getByLabel('Face image')
  await field.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') })
  await expect(main(page).getByRole('alert')).toHaveText('Invalid file type. Please upload a file with one of the following formats.')
  await field.setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(10 * 1024 * 1024 + 1) })
  await expect(main(page).getByRole('alert')).toHaveText('File is too large. Please upload a file smaller than 10MB.')
  await expectNoSeriousA11yViolations(page)
  expect(uploads).toEqual([])
})

test('a face image and a prompt make a playable video for 2 credits', async ({ fundedPage: page }) => {
  test.setTimeout(180_000)
  await expect(credits(page, '11.00')).toBeVisible()
  await page.goto('/consistent-actor')

  await main(page).getByRole('button', { name: 'Generate · 2.00 credits' }).click()
  await expect(main(page).getByRole('alert')).toHaveText('Please upload a face image.')
  await main(page).getByLabel('Face image').setInputFiles(FACE)
  await expect(main(page).getByRole('img', { name: 'Face image preview: face.png' })).toBeVisible()
  await expect(main(page).getByText('Ready')).toBeVisible()
  await main(page).getByRole('button', { name: 'Generate · 2.00 credits' }).click()
  await expect(main(page).getByRole('alert')).toHaveText('Please enter a prompt.')
  await main(page).getByLabel('Prompt', { exact: true }).fill('She looks into the camera, smiles and nods slowly.')
  await expectNoSeriousA11yViolations(page)

  await main(page).getByRole('button', { name: 'Generate · 2.00 credits' }).click()
  await expect(main(page).getByRole('heading', { name: 'Output Video' })).toBeVisible()
  const video = main(page).getByLabel('Generated video')
  await runPollsUntil(page, async () => (await video.count()) === 1)
  await expectToPlay(video)
  // spec §9: a consistent-actor video costs 2 credits.
  await expect(credits(page, '9.00')).toBeVisible()
})
