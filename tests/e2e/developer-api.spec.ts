import { randomUUID } from 'node:crypto'
import { expect, type Locator, type Page, test } from '@playwright/test'
import { Webhook } from 'standardwebhooks'
import { baseURL } from '../../playwright.config.ts'
import { startWebhookReceiver } from '../../server/webhooks/testing/receiver.ts'
import { buyCredits, createVerifiedAccount, signInThroughUI } from './support/accounts'
import { expectNoSeriousA11yViolations } from './support/axe'
import { useLocale } from './support/locale'

// The developer API end to end (docs/decisions/0400–0408): a person makes a key and a
// webhook endpoint on the Account screen; a script (Node's fetch) makes a UGC video with
// the key; the real worker renders it; a signed webhook reaches a receiver on this
// machine; the video is in the app's gallery. And the /developers page that teaches it.

const section = (page: Page, name: string): Locator => page.getByRole('main').getByRole('region', { name })

test('a key from the Account screen makes a video from a script, a signed webhook says it is done, and the gallery shows it', async ({ page }) => {
  test.setTimeout(180_000)
  const receiver = await startWebhookReceiver()
  try {
    const account = await createVerifiedAccount({ displayName: 'Dev Eloper' })
    await buyCredits(page.request, account, { priceId: 'starter' })
    await signInThroughUI(page, account)
    await page.goto('/account')

    const keys = section(page, 'API keys')
    await expect(keys.getByText('No keys yet.')).toBeVisible()
    await keys.getByRole('button', { name: 'Create key' }).click()
    await expect(keys.getByRole('alert')).toHaveText('Please name the key, e.g. after the program that uses it.')
    await keys.getByLabel('Key name').fill('Build script')
    await keys.getByRole('button', { name: 'Create key' }).click()
    const keyField = keys.getByLabel('Your new API key')
    await expect(keyField).toBeFocused()
    const key = await keyField.inputValue()
    expect(key).toMatch(/^actorly_sk_/)
    await keys.getByRole('button', { name: 'Done' }).click()
    await expect(keyField).toHaveCount(0)
    await expect(keys.getByText('Build script')).toBeVisible()
    await expect(keys.getByText(/Never used/)).toBeVisible()

    const hooks = section(page, 'Webhooks')
    await hooks.getByLabel('Endpoint URL').fill('http://169.254.169.254/latest/meta-data')
    await hooks.getByRole('button', { name: 'Add endpoint' }).click()
    await expect(hooks.getByRole('alert')).toContainText('This URL cannot receive webhooks')
    await hooks.getByLabel('Endpoint URL').fill(receiver.url())
    await hooks.getByRole('button', { name: 'Add endpoint' }).click()
    const secret = await hooks.getByLabel("The endpoint's signing secret").inputValue()
    expect(secret).toMatch(/^whsec_/)
    await hooks.getByRole('button', { name: 'Done' }).click()
    await expect(hooks.getByText(receiver.url())).toBeVisible()
    await expectNoSeriousA11yViolations(page)

    // The developer's script: Node's fetch with the key, nothing of the browser.
    const call = (path: string, init: RequestInit = {}) =>
      fetch(new URL(path, baseURL), { ...init, headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', ...init.headers } })
    const prompt = 'A developer shows her first scripted video'
    const created = await call('/api/public/v1/generations/ugc-actor', {
      method: 'POST',
      headers: { 'idempotency-key': randomUUID() },
      body: JSON.stringify({ prompt, duration_seconds: 5 }),
    })
    expect(created.status).toBe(201)
    const generation: unknown = await created.json()
    expect(generation).toMatchObject({ kind: 'ugc_actor', status: 'queued', cost_credits: 1.75 })
    const id = typeof generation === 'object' && generation !== null && 'id' in generation ? String(generation.id) : ''

    // The worker renders it; the endpoint hears of the end, signed.
    const [message] = await receiver.waitFor(1, 150_000)
    if (message === undefined) throw new Error('no webhook arrived')
    const event = new Webhook(secret).verify(message.body, {
      'webhook-id': String(message.headers['webhook-id']),
      'webhook-timestamp': String(message.headers['webhook-timestamp']),
      'webhook-signature': String(message.headers['webhook-signature']),
    })
    expect(event).toMatchObject({ type: 'generation.completed', data: { id, status: 'completed' } })

    const read = await call(`/api/public/v1/generations/${id}`)
    const finished: unknown = await read.json()
    const videoUrl = typeof finished === 'object' && finished !== null && 'video_url' in finished ? String(finished.video_url) : ''
    const video = await fetch(videoUrl)
    expect(video.status).toBe(200)
    expect(video.headers.get('content-type')).toBe('video/mp4')
    const balance = await (await call('/api/public/v1/balance')).json()
    expect(balance).toEqual({ credits: 9.25 })

    // The same video in the app, as any other.
    await page.goto('/gallery')
    await expect(page.getByRole('button', { name: `Preview: ${prompt}` })).toBeVisible()

    // The Account screen shows the key's use and the delivery.
    await page.goto('/account')
    await expect(section(page, 'API keys').getByText(/Last used/)).toBeVisible()
    await section(page, 'Webhooks')
      .getByText(/Recent deliveries/)
      .click()
    await expect(section(page, 'Webhooks').getByText('Delivered')).toBeVisible()
    await expect(section(page, 'Webhooks').getByText(/HTTP 200/)).toBeVisible()
  } finally {
    await receiver.close()
  }
})

test('the landing’s Developer API card leads to the developer page, in English and German', async ({ page }) => {
  await page.goto('/')
  await page.getByRole('link', { name: 'Developer API' }).click()
  await expect(page).toHaveURL('/developers')
  await expect(page.getByRole('heading', { level: 1, name: 'Developer API' })).toBeVisible()
  await expect(
    page
      .getByRole('region', { name: 'Quick start' })
      .getByText(/Authorization: Bearer \$ACTORLY_KEY/)
      .first(),
  ).toBeVisible()
  await expect(page.getByRole('heading', { level: 3, name: 'Create a UGC actor video' })).toBeVisible()
  await page.getByRole('link', { name: 'OpenAPI document' }).click()
  await expect(page).toHaveURL('/api/public/v1/openapi.json')
  await page.goBack()
  await expectNoSeriousA11yViolations(page)
})

test('the developer page in German', async ({ page }) => {
  await useLocale(page, 'de')
  await page.goto('/developers')
  await expect(page.getByRole('heading', { level: 1, name: 'Entwickler-API' })).toBeVisible()
  await expect(page.getByRole('heading', { level: 2, name: 'Schnellstart' })).toBeVisible()
  await expect(page.getByRole('heading', { level: 3, name: 'Einen Webhook prüfen' })).toBeVisible()
  await expectNoSeriousA11yViolations(page)
})
