import { expect, type Page, type Response, test } from '@playwright/test'
import { clusterAuthEmulatorHost } from '../../playwright.cluster.config.ts'
import { uniqueEmail } from '../../server/testing/emulator-accounts.ts'
import { signInThroughUI, signUpThroughUI, verifyEmailThroughLink } from '../e2e/support/accounts'
import { expectToPlay, VOICE } from '../e2e/support/generation'

// The main journey through `npm run start:cluster` (docs/decisions/0215): a
// new visitor signs up, verifies, buys the starter tier, makes a UGC video,
// gives it a voice with lip sync and finds both in the gallery, playing. The
// page talks only to the balancer; its calls are answered by both API
// instances on PostgreSQL, the videos are rendered by the worker into the
// Storage emulator and streamed back by whichever instance answers. No page
// clock is run: a finished video arrives by the job event stream, through the
// balancer, long before the next spec §4 poll.

const main = (page: Page) => page.getByRole('main')
const credits = (page: Page, text: string) => page.getByRole('banner').getByRole('link', { name: `${text} credits`, exact: true })

test('sign up, buy, make a UGC video, lip-sync it and find both in the gallery, across two instances', async ({ page }) => {
  const servedBy = new Set<string>()
  page.on('response', (response: Response) => {
    const instance = response.headers()['x-served-by']
    if (instance !== undefined && new URL(response.url()).pathname.startsWith('/api/')) servedBy.add(instance)
  })
  // Status calls the page makes (spec §4: one at the start, then one every 75 s).
  const statusCalls: string[] = []
  page.on('request', (request) => {
    if (/\/api\/fal\/v1\/(generatedVideo|lipsyncGeneratedVideo)$/.test(request.url())) statusCalls.push(new URL(request.url()).pathname)
  })
  const email = uniqueEmail('cluster')
  const password = 'Passw0rd!'

  // Sign up (spec §2 Auth page), verify through the emailed link, sign in.
  await signUpThroughUI(page, { name: 'Clara Cluster', email, password })
  await verifyEmailThroughLink(email, `http://${clusterAuthEmulatorHost}`)
  await signInThroughUI(page, { email, password })
  await expect(credits(page, '0')).toBeVisible()

  // Buy the starter tier on the local checkout (spec §9: floor(20 / 1.75) = 11).
  await credits(page, '0').click()
  await page.getByRole('button', { name: 'Continue to checkout' }).click()
  await page.getByRole('button', { name: 'Pay $20.00 (test)' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Payment Successful!' })).toBeVisible()
  await page.getByRole('link', { name: 'Start creating' }).click()
  await expect(credits(page, '11.00')).toBeVisible()

  // A UGC video (spec §9: 1.75), rendered by the worker, arriving by the event stream.
  const prompt = 'A baker in a sunny shop smiles and holds up a fresh loaf'
  await main(page).getByRole('textbox', { name: 'Prompt' }).fill(prompt)
  await main(page)
    .getByRole('button', { name: /^Generate · / })
    .click()
  const generated = main(page).getByLabel('Generated video')
  // Well before the next poll (75 s): a local render takes seconds.
  await expect(generated).toBeVisible({ timeout: 70_000 })
  await expectToPlay(generated)
  await expect(credits(page, '9.25')).toBeVisible()
  // Only the first check was a poll: the balancer passed the event stream on as it came.
  expect(statusCalls).toEqual(['/api/fal/v1/generatedVideo'])

  // Its voice: lip sync on the generated video with a 3 s recording (spec §9: one started minute, 2.35).
  const generatedUrl = await generated.getAttribute('src')
  await main(page).getByRole('button', { name: 'Add voice' }).click()
  const form = page.getByRole('region', { name: 'Lip sync', exact: true })
  await expect(form.getByLabel('Input video')).toHaveAttribute('src', generatedUrl ?? '')
  await form.getByLabel('Audio file').setInputFiles(VOICE)
  await expect(form.getByText(/^Cost:/)).toHaveText('Cost: 2.35 credits (1 started minute × 2.35)')
  await form.getByRole('button', { name: 'Start lip sync' }).click()
  const lipSynced = page.getByRole('region', { name: 'Output video', exact: true }).locator('video')
  await expect(lipSynced).toHaveAttribute('src', /\/media\/[\w-]+\.mp4\?exp=\d+&sig=[\w-]+$/, { timeout: 70_000 })
  await expectToPlay(lipSynced)
  await expect(credits(page, '6.90')).toBeVisible()
  expect(statusCalls).toEqual(['/api/fal/v1/generatedVideo', '/api/fal/v1/lipsyncGeneratedVideo'])

  // Both in the gallery; the UGC video plays in the preview (byte ranges from either instance).
  await page.goto('/gallery')
  await expect(page.getByRole('tab', { name: 'UGC video 1' })).toBeVisible({ timeout: 20_000 })
  await expect(page.getByRole('tab', { name: 'Lip sync 1' })).toBeVisible()
  await page.getByRole('button', { name: `Preview: ${prompt}` }).click()
  await expectToPlay(page.getByRole('dialog', { name: 'Video preview' }).getByLabel('Preview video'))

  // The balancer spread the page's calls over both instances.
  expect([...servedBy].toSorted()).toHaveLength(2)
})
