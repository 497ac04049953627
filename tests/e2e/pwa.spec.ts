import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium, expect, test, type APIRequestContext } from '@playwright/test'

type ManifestImage = { src: string; sizes: string; type: string; purpose?: string; form_factor?: string }
type Manifest = Record<string, unknown> & { icons: ManifestImage[]; screenshots: ManifestImage[] }

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

test('the linked web app manifest has what installation needs, and its images are the sizes it claims', async ({
  page,
  request,
}) => {
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
