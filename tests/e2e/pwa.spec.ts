import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium, expect, test, type APIRequestContext } from '@playwright/test'
import { waitForServiceWorkerControl } from './support/service-worker'

type ManifestImage = { src: string; sizes: string; type: string; purpose?: string; form_factor?: string }
type ShareTarget = { action: string; method: string; params: { files: { name: string; accept: string[] }[] } }
type Manifest = Record<string, unknown> & { icons: ManifestImage[]; screenshots: ManifestImage[]; share_target?: ShareTarget }

/** Width and height from a PNG's IHDR chunk, which always follows the 8-byte signature. */
function pngSize(bytes: Buffer): string {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG')
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`
}

async function fetchManifest(request: APIRequestContext, href: string): Promise<Manifest> {
  const response = await request.get(href)
  expect(response.ok()).toBe(true)
  return (await response.json()) as Manifest
}

test('the linked web app manifest has what installation needs, and its images are the sizes it claims', async ({ page, request }) => {
  await page.goto('/')
  const href = await page.locator('link[rel="manifest"]').getAttribute('href')
  expect(href).toBeTruthy()
  const manifest = await fetchManifest(request, href ?? '')

  expect(manifest).toMatchObject({
    id: '/',
    name: expect.stringContaining('Actorly'),
    short_name: 'Actorly',
    description: expect.any(String),
    start_url: expect.stringMatching(/^\//),
    scope: '/',
    display: 'standalone',
    theme_color: expect.stringMatching(/^#/),
    background_color: expect.stringMatching(/^#/),
  })

  const iconKinds = manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose ?? 'any'}`)
  expect(iconKinds).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']))
  const formFactors = manifest.screenshots.map((shot) => shot.form_factor)
  expect(formFactors).toEqual(expect.arrayContaining(['narrow', 'wide']))

  for (const image of [...manifest.icons, ...manifest.screenshots]) {
    const response = await request.get(image.src)
    expect(response.ok(), image.src).toBe(true)
    expect(response.headers()['content-type'], image.src).toContain(image.type)
    expect(pngSize(await response.body()), image.src).toBe(image.sizes)
  }

  const appleIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href')
  expect(pngSize(await (await request.get(appleIcon ?? '')).body())).toBe('180x180')
})

test('Chromium finds nothing standing in the way of installing the app', async ({ baseURL }, testInfo) => {
  // A normal profile: Playwright's default contexts are incognito, where Chromium never installs.
  const profile = await mkdtemp(join(tmpdir(), 'actorly-install-'))
  const context = await chromium.launchPersistentContext(profile, {
    ...testInfo.project.use.launchOptions,
    baseURL,
    viewport: testInfo.project.use.viewport,
  })
  try {
    const page = context.pages()[0] ?? (await context.newPage())
    await page.goto('/')
    await page.evaluate(() => navigator.serviceWorker.ready)
    const cdp = await context.newCDPSession(page)
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors')
    expect(installabilityErrors).toEqual([])
  } finally {
    await context.close()
    await rm(profile, { recursive: true, force: true })
  }
})

test('the app registers its service worker for the whole site', async ({ page }) => {
  await page.goto('/terms')
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope)
  expect(new URL(scope).pathname).toBe('/')
})

test('a file shared to the app is kept for the lip-sync step, which then opens', async ({ page, request }) => {
  await page.goto('/')
  const href = await page.locator('link[rel="manifest"]').getAttribute('href')
  const { share_target: shareTarget } = await fetchManifest(request, href ?? '')
  expect(shareTarget).toMatchObject({ action: '/share-target', method: 'POST' })
  const field = shareTarget?.params.files[0]
  expect(field?.accept).toEqual(expect.arrayContaining(['audio/*', 'video/mp4']))

  await waitForServiceWorkerControl(page)
  // What the share sheet sends: a multipart POST to the action, answered by the worker.
  const landed = await page.evaluate(
    async ({ action, name }) => {
      const form = new FormData()
      form.append(name, new File(['RIFF voice bytes'], 'voice.wav', { type: 'audio/wav' }))
      const response = await fetch(action, { method: 'POST', body: form })
      return { url: response.url, redirected: response.redirected }
    },
    { action: shareTarget?.action ?? '', name: field?.name ?? '' },
  )
  expect(landed.redirected).toBe(true)
  expect(new URL(landed.url).pathname + new URL(landed.url).search).toBe('/ugc-actor?step=2&shared=1')

  // Kept as an ArrayBuffer, which every engine stores (decision 0241).
  const kept = await page.evaluate(
    () =>
      new Promise<{ name: string; type: string; size: number } | null>((resolve, reject) => {
        const open = indexedDB.open('actorly-share')
        open.addEventListener('error', () => reject(open.error))
        open.addEventListener('success', () => {
          const read = open.result.transaction('sharedFiles').objectStore('sharedFiles').get('latest')
          read.addEventListener('success', () =>
            resolve(read.result ? { name: read.result.name, type: read.result.type, size: read.result.bytes.byteLength } : null),
          )
          read.addEventListener('error', () => reject(read.error))
        })
      }),
  )
  expect(kept).toEqual({ name: 'voice.wav', type: 'audio/wav', size: 16 })
})
