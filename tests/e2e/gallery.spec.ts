import { expect, type Locator, type Page, test } from '@playwright/test'
import { createVerifiedAccount, type EmulatorAccount, signInThroughUI } from './support/accounts'
import { expectNoSeriousA11yViolations } from './support/axe'
import { seedGallery, type SeededItem, userRecordId, withoutSignature } from './support/seed-gallery'
import { waitForServiceWorkerControl } from './support/service-worker'

// spec §2 Gallery, §4 gallery tab, §9 page sizes, and the offline gallery (docs/decisions/0170).
// The generations are seeded straight into the e2e server (support/seed-gallery.ts).

const cards = (page: Page): Locator => page.getByRole('button', { name: /^Preview: / })
const OFFLINE_NOTICE = 'You are offline — showing your saved gallery'

/** Signs in and opens the gallery, waiting for its first answer (a boot on a loaded machine can be slow). */
async function signedInWith(page: Page, account: EmulatorAccount): Promise<void> {
  await signInThroughUI(page, account)
  await page.goto('/gallery')
  await expect(page.getByRole('tab', { name: /^UGC video \d+$/ })).toBeVisible({ timeout: 20_000 })
}

test('signed-out visitors are asked to sign in', async ({ page }) => {
  await page.goto('/gallery')
  await expect(page.getByText('Please Sign in to the system')).toBeVisible()
  await expect(page.getByRole('tab')).toHaveCount(0)
  await expectNoSeriousA11yViolations(page)
})

test('a new account sees the empty stage with a way to start creating', async ({ page, request }) => {
  test.setTimeout(60_000)
  const account = await createVerifiedAccount()
  await userRecordId(request, account)
  await signedInWith(page, account)
  await expect(page.getByRole('tab', { name: 'UGC video 0' })).toHaveAttribute('aria-selected', 'true')
  await expect(page.getByRole('heading', { name: 'The Stage is Empty' })).toBeVisible()
  await expect(page.getByText('Your masterpieces will appear here once you start creating')).toBeVisible()
  await expectNoSeriousA11yViolations(page)
  await page.getByRole('link', { name: 'Start creating' }).click()
  await expect(page).toHaveURL(/\/ugc-actor/)
})

test('a user record that does not come gives the credential error with a retry that works (spec §8 galleryError.credentialError)', async ({ page }) => {
  test.setTimeout(60_000)
  const account = await createVerifiedAccount()
  await signInThroughUI(page, account)
  // The record's answer never comes (a stalled proxy, a hung server): no spinner for ever.
  let stalled = true
  await page.route(`**/api/users/v1/${encodeURIComponent(account.email)}`, async (route) => {
    if (!stalled) await route.continue()
  })
  await page.goto('/gallery')
  const alert = page.getByRole('main').getByRole('alert')
  await expect(alert).toHaveText(/We could not confirm your account, so your gallery cannot be loaded\./, { timeout: 20_000 })
  await expect(page.getByRole('main').getByRole('status', { name: 'Loading videos…' })).toHaveCount(0)
  await expect(page.getByText(/not saved on this device/)).toHaveCount(0)

  // The connection is back; what stalled stays stalled, and Try again asks anew.
  stalled = false
  await alert.getByRole('button', { name: 'Try again' }).click()
  await expect(page.getByRole('heading', { name: 'The Stage is Empty' })).toBeVisible()
  await expect(alert).toHaveCount(0)
})

/** The card shows seeded item number `index` (1 is the oldest) of `items`: its own poster frame. */
async function expectCardVideo(card: Locator, items: readonly SeededItem[], index: number): Promise<void> {
  const item = items[index - 1]
  if (item === undefined) throw new Error(`no seeded item ${index}`)
  // A signed link to the item's own poster (docs/decisions/0163, 0221).
  await expect.poll(async () => withoutSignature(await card.locator('img').getAttribute('src'))).toBe(item.posterUrl)
}

test('25 videos in each tab page through 10 at a time', async ({ page, request }) => {
  test.setTimeout(120_000)
  const account = await createVerifiedAccount()
  const seeded = await seedGallery(await userRecordId(request, account), { ugc: 25, lipsync: 25, consistent: 25 })
  await signedInWith(page, account)
  const pager = page.getByRole('navigation', { name: 'Gallery pages' })

  // UGC: newest first, pages of 10 (spec §9).
  await expect(page.getByRole('tab', { name: 'UGC video 25' })).toBeVisible()
  await expect(cards(page)).toHaveCount(10)
  await expect(cards(page).first()).toHaveAccessibleName('Preview: Seeded ugc video 25')
  await expect(pager.getByRole('button', { name: 'Previous' })).toBeDisabled()
  await expectNoSeriousA11yViolations(page)
  await pager.getByRole('button', { name: 'Page 2' }).click()
  await expect(cards(page).first()).toHaveAccessibleName('Preview: Seeded ugc video 15')
  await pager.getByRole('button', { name: 'Next' }).click()
  await expect(cards(page)).toHaveCount(5)
  await expect(cards(page).last()).toHaveAccessibleName('Preview: Seeded ugc video 1')
  await expect(pager.getByRole('button', { name: 'Page 3' })).toHaveAttribute('aria-current', 'page')
  await expect(pager.getByRole('button', { name: 'Next' })).toBeDisabled()

  // Lip sync: its own pages; switching tabs starts at page 1 (spec §4). Lip syncs have no prompt, so
  // every card is named by the same date: each is told apart by the video it shows.
  const lipsync = seeded.filter((item) => item.kind === 'lipsync')
  await page.getByRole('tab', { name: 'Lip sync 25' }).click()
  await expect(cards(page)).toHaveCount(10)
  await expect(pager.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page')
  await expect(pager.getByRole('button', { name: 'Previous' })).toBeDisabled()
  await expectCardVideo(cards(page).first(), lipsync, 25)
  await pager.getByRole('button', { name: 'Page 2' }).click()
  await expect(pager.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page')
  await expect(cards(page)).toHaveCount(10)
  await expectCardVideo(cards(page).first(), lipsync, 15)
  await expectCardVideo(cards(page).last(), lipsync, 6)
  await pager.getByRole('button', { name: 'Next' }).click()
  await expect(cards(page)).toHaveCount(5)
  await expectCardVideo(cards(page).last(), lipsync, 1)
  await expect(pager.getByRole('button', { name: 'Next' })).toBeDisabled()
  await pager.getByRole('button', { name: 'Previous' }).click()
  await expect(pager.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page')
  await pager.getByRole('button', { name: 'Previous' }).click()
  await expect(pager.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page')
  await expectCardVideo(cards(page).first(), lipsync, 25)
  await expect(pager.getByRole('button', { name: 'Previous' })).toBeDisabled()

  // Consistent avatar: the server answers 16 a request, the client shows 10 a view (spec §9).
  await page.getByRole('tab', { name: 'Consistent avatar 25' }).click()
  await expect(cards(page)).toHaveCount(10)
  await pager.getByRole('button', { name: 'Page 2' }).click()
  await expect(cards(page).first()).toHaveAccessibleName('Preview: Seeded consistent video 15')
  await expect(cards(page).last()).toHaveAccessibleName('Preview: Seeded consistent video 6')
  await pager.getByRole('button', { name: 'Page 3' }).click()
  await expect(cards(page)).toHaveCount(5)
  await expect(cards(page).last()).toHaveAccessibleName('Preview: Seeded consistent video 1')

  // Back to UGC: page 1 again.
  await page.getByRole('tab', { name: 'UGC video 25' }).click()
  await expect(cards(page).first()).toHaveAccessibleName('Preview: Seeded ugc video 25')
})

async function openPreview(page: Page, item: SeededItem): Promise<Locator> {
  await page.getByRole('button', { name: `Preview: ${item.prompt}` }).click()
  const dialog = page.getByRole('dialog', { name: 'Video preview' })
  await expect(dialog).toBeVisible()
  return dialog
}

async function downloadFrom(page: Page, dialog: Locator): Promise<string> {
  const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Download' }).click()])
  await expect(dialog.getByText('Saved. This video now plays offline too.')).toBeVisible()
  return download.suggestedFilename()
}

test('the preview plays with controls, downloads video-{id}.mp4 and closes', async ({ page, request }) => {
  test.setTimeout(60_000)
  const account = await createVerifiedAccount()
  const [first] = await seedGallery(await userRecordId(request, account), { ugc: 2 })
  if (first === undefined) throw new Error('nothing seeded')
  await signedInWith(page, account)

  const dialog = await openPreview(page, first)
  const video = dialog.getByLabel('Preview video')
  await expect(video).toHaveAttribute('controls', '')
  await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.autoplay)).toBe(true)
  await expect.poll(async () => withoutSignature(await video.getAttribute('src'))).toBe(first.outputUrl)
  await expectNoSeriousA11yViolations(page)
  expect(await downloadFrom(page, dialog)).toBe(`video-${first.id}.mp4`)
  await dialog.getByRole('button', { name: 'Close' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByText('Available offline', { exact: true })).toHaveCount(1)

  // Clicking the backdrop, the dark room beside the full-screen video, closes it too.
  await openPreview(page, first)
  await page.mouse.click(4, 200)
  await expect(page.getByRole('dialog')).toBeHidden()
})

test('offline, the gallery renders from the device and marks what plays offline', async ({ page, context, request }) => {
  test.setTimeout(90_000)
  const account = await createVerifiedAccount()
  const userId = await userRecordId(request, account)
  const seeded = await seedGallery(userId, { ugc: 12 })
  const newest = seeded.slice(-2)
  await signedInWith(page, account)
  await waitForServiceWorkerControl(page)
  await expect(cards(page)).toHaveCount(10)

  // Keep two videos by downloading them from the preview.
  for (const item of newest) {
    const dialog = await openPreview(page, item)
    await downloadFrom(page, dialog)
    await dialog.getByRole('button', { name: 'Close' }).click()
  }
  await expect(page.getByText('Available offline', { exact: true })).toHaveCount(2)

  await context.setOffline(true)
  await page.reload()
  await expect(page.getByText(OFFLINE_NOTICE)).toBeVisible()
  await expect(cards(page)).toHaveCount(10)
  await expect(page.getByText('Available offline', { exact: true })).toHaveCount(2)
  await expect(page.getByText('Not available offline')).toHaveCount(8)
  await expect(page.getByRole('tab', { name: 'UGC video 12' })).toBeVisible()
  await expectNoSeriousA11yViolations(page)

  // A video made meanwhile (on another device): the server has it, this offline page cannot know.
  const [made] = await seedGallery(userId, { ugc: 1 }, { firstIndex: 13 })
  if (made === undefined) throw new Error('nothing seeded')
  await expect(page.getByRole('tab', { name: 'UGC video 12' })).toBeVisible()
  await expect(page.getByRole('button', { name: `Preview: ${made.prompt}` })).toHaveCount(0)

  // Back online: fresh data replaces the saved copy, with the new video first.
  await context.setOffline(false)
  await expect(page.getByText(OFFLINE_NOTICE)).toBeHidden()
  await expect(page.getByRole('tab', { name: 'UGC video 13' })).toBeVisible()
  await expect(cards(page).first()).toHaveAccessibleName(`Preview: ${made.prompt}`)
  await expect(cards(page)).toHaveCount(10)
  await expect(page.getByText('Not available offline')).toHaveCount(0)
  await expect(page.getByText('Available offline', { exact: true })).toHaveCount(2)
})

test('a kept video plays and seeks offline in the gallery preview', async ({ page, context, request }) => {
  // The service worker answers kept videos (with ranges) out of IndexedDB (sw/kept-video.ts, decision 0170).
  test.setTimeout(90_000)
  const account = await createVerifiedAccount()
  const [item] = await seedGallery(await userRecordId(request, account), { ugc: 1 })
  if (item === undefined) throw new Error('nothing seeded')
  await signedInWith(page, account)
  await waitForServiceWorkerControl(page)
  const online = await openPreview(page, item)
  await downloadFrom(page, online)
  await online.getByRole('button', { name: 'Close' }).click()

  // Without the browser's HTTP cache (media links are cached until they expire), only the worker's IndexedDB route can answer.
  const cdp = await context.newCDPSession(page)
  await cdp.send('Network.clearBrowserCache')
  // Left attached, this session keeps navigator.onLine true after setOffline (seen in Chromium).
  await cdp.detach()
  await context.setOffline(true)
  await page.reload()
  await expect(page.getByText(OFFLINE_NOTICE)).toBeVisible()

  // The tile shows its poster; the video itself is asked for when the preview opens.
  const answered = page.waitForResponse((response) => withoutSignature(response.url()) === item.outputUrl, { timeout: 20_000 })
  const dialog = await openPreview(page, item)
  expect((await answered).fromServiceWorker()).toBe(true)
  const played = await dialog.getByLabel('Preview video').evaluate(playThenSeekNearTheEnd)
  expect(played.error).toBeNull()
  expect(played.playedTo).toBeGreaterThan(0)
  // Plain playback cannot get there: the video is paused at 0.x s, and only a seek fires `seeked`.
  expect(played.playedTo).toBeLessThan(played.target - 1)
  expect(played.currentTime).toBeCloseTo(played.target, 1)
  expect(played.readyState).toBeGreaterThanOrEqual(2)
})

/** Runs in the page: plays the preview muted until it moves, pauses, then seeks to half a second before the end. */
async function playThenSeekNearTheEnd(video: HTMLVideoElement) {
  const mediaError = () => video.error?.code ?? null
  const event = (name: string) =>
    new Promise<void>((resolve, reject) => {
      video.addEventListener(name, () => resolve(), { once: true })
      video.addEventListener('error', () => reject(new Error(`media error ${mediaError()}`)), { once: true })
    })
  // Failed before we listened (nothing answered offline): say so rather than wait for the test's timeout.
  if (mediaError() !== null) throw new Error(`media error ${mediaError()}`)
  if (video.readyState < HTMLMediaElement.HAVE_METADATA) await event('loadedmetadata')
  video.muted = true
  await video.play()
  while (video.currentTime === 0) await event('timeupdate')
  video.pause()
  const playedTo = video.currentTime
  const target = video.duration - 0.5
  const seeked = event('seeked')
  video.currentTime = target
  await seeked
  return { playedTo, target, currentTime: video.currentTime, readyState: video.readyState, error: mediaError() }
}
