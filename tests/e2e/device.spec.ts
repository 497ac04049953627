import { readFile } from 'node:fs/promises'
import { expect, type Page, test } from '@playwright/test'
import { createVerifiedAccount } from './support/accounts'
import { expectNoSeriousA11yViolations } from './support/axe'
import { keepFromGallery, signedInGallery } from './support/gallery'
import { seedGallery, type SeededItem, userRecordId } from './support/seed-gallery'

// Videos kept on the device play and seek offline (the service worker
// answers them from IndexedDB with byte ranges, decision 0170), nothing
// authenticated reaches Cache Storage, and one account's device data is never
// shown to the next (sign-out, decision 0171). Generations are seeded straight
// into the e2e server (support/seed-gallery.ts); each is a copy of this sample.
const SAMPLE_MP4 = 'public/samples/app-walkthrough.mp4'

type RowOwner = { uid: string; url: string }

/** Who owns the rows of a device table, read from IndexedDB the way the app stores them. */
function deviceRows(page: Page, table: 'keptVideos' | 'galleryPages'): Promise<RowOwner[]> {
  return page.evaluate(
    (name) =>
      new Promise<RowOwner[]>((resolve, reject) => {
        const open = indexedDB.open('actorly')
        open.addEventListener('error', () => reject(open.error))
        open.addEventListener('success', () => {
          const db = open.result
          if (!db.objectStoreNames.contains(name)) return resolve([])
          const all = db.transaction(name).objectStore(name).getAll()
          all.addEventListener('error', () => reject(all.error))
          all.addEventListener('success', () => {
            resolve(all.result.map((row: { uid: string; videoUrl?: string }) => ({ uid: row.uid, url: row.videoUrl ?? '' })))
            db.close()
          })
        })
      }),
    table,
  )
}

/** Asks for a byte range the way a <video> does, from inside the page (through the worker). */
function fetchRange(page: Page, url: string, range: string) {
  return page.evaluate(
    async ([target, bytes]) => {
      const response = await fetch(target, { headers: { Range: bytes } })
      const body = new Uint8Array(await response.arrayBuffer())
      return {
        status: response.status,
        contentRange: response.headers.get('Content-Range'),
        acceptRanges: response.headers.get('Accept-Ranges'),
        type: response.headers.get('Content-Type'),
        bytes: [...body],
      }
    },
    [url, range] as const,
  )
}

/** Keeps a card's video on the device, under its own name, and the card then offers to remove it (docs/decisions/0170). */
async function keepVideo(page: Page, item: SeededItem): Promise<void> {
  const download = await keepFromGallery(page, item)
  expect(download.suggestedFilename()).toBe(`video-${item.id}.mp4`)
  await expect(page.getByRole('button', { name: `Remove from this device: ${item.prompt}` })).toBeVisible()
}

/** The top bar's Sign out sits behind the menu toggle on a phone. */
async function startSignOut(page: Page): Promise<void> {
  const toggle = page.getByRole('button', { name: 'Menu' })
  if (await toggle.isVisible()) await toggle.click()
  await page.getByRole('button', { name: 'Sign out' }).click()
}

async function seededAccount(request: Parameters<typeof userRecordId>[0], counts: { ugc: number }) {
  const account = await createVerifiedAccount()
  const items = await seedGallery(await userRecordId(request, account), counts)
  return { account, items }
}

test('a kept video is answered from the device offline, with byte ranges, and plays and seeks', async ({ page, context, request }) => {
  test.setTimeout(90_000)
  const { account, items } = await seededAccount(request, { ugc: 1 })
  const [item] = items
  if (item === undefined) throw new Error('nothing seeded')
  const original = new Uint8Array(await readFile(SAMPLE_MP4))

  await signedInGallery(page, account)
  await keepVideo(page, item)
  expect(await deviceRows(page, 'keptVideos')).toEqual([{ uid: account.uid, url: item.outputUrl }])

  // Without the browser's HTTP cache (media links are cached until they expire), only the worker can answer offline.
  // The kept copy answers the video's link without a signature too (docs/decisions/0221).
  const cdp = await context.newCDPSession(page)
  await cdp.send('Network.clearBrowserCache')
  await context.setOffline(true)
  const answered = page.waitForResponse((response) => response.url() === item.outputUrl)
  const range = await fetchRange(page, item.outputUrl, 'bytes=100-299')
  expect((await answered).fromServiceWorker()).toBe(true)
  expect(range).toMatchObject({ status: 206, contentRange: `bytes 100-299/${original.length}`, acceptRanges: 'bytes', type: 'video/mp4' })
  expect(range.bytes).toEqual([...original.subarray(100, 300)])
  const tail = await fetchRange(page, item.outputUrl, 'bytes=-16')
  expect(tail.bytes).toEqual([...original.subarray(original.length - 16)])
  const pastTheEnd = await fetchRange(page, item.outputUrl, `bytes=${original.length}-`)
  expect(pastTheEnd).toMatchObject({ status: 416, contentRange: `bytes */${original.length}` })

  // A real <video>, offline: it loads, plays, and seeks into the middle.
  const played = await page.evaluate(async (src) => {
    const video = document.createElement('video')
    video.muted = true
    video.src = src
    document.body.append(video)
    await new Promise((resolve, reject) => {
      video.addEventListener('loadedmetadata', resolve, { once: true })
      video.addEventListener('error', () => reject(new Error(`media error ${video.error?.code}`)), { once: true })
    })
    await video.play()
    video.pause()
    const target = video.duration / 2
    const seeked = new Promise((resolve) => video.addEventListener('seeked', resolve, { once: true }))
    video.currentTime = target
    await seeked
    return { duration: video.duration, currentTime: video.currentTime, target, readyState: video.readyState }
  }, item.outputUrl)
  expect(played.duration).toBeGreaterThan(1)
  expect(played.currentTime).toBeCloseTo(played.target, 0)
  expect(played.readyState).toBeGreaterThanOrEqual(2)

  // The gallery itself offline: the kept card still offers to play.
  await page.reload()
  await expect(page.getByRole('button', { name: `Preview: ${item.prompt}` })).toBeVisible()
  await expect(page.getByText('Available offline')).toBeVisible()
})

test('nothing authenticated or user-made goes into Cache Storage', async ({ page, request }) => {
  const { account, items } = await seededAccount(request, { ugc: 1 })
  await signedInGallery(page, account)
  const [item] = items
  if (item !== undefined) await keepVideo(page, item)

  const cached = await page.evaluate(async () => {
    const urls: string[] = []
    for (const name of await caches.keys()) {
      for (const entry of await (await caches.open(name)).keys()) urls.push(new URL(entry.url).pathname)
    }
    return urls
  })
  expect(cached.length).toBeGreaterThan(0)
  expect(cached.filter((path) => /^\/(api|media|checkout|share-target)(\/|$)/.test(path))).toEqual([])
})

test('user B never sees what user A left on the device', async ({ page, request }) => {
  test.setTimeout(120_000)
  const a = await seededAccount(request, { ugc: 2 })
  const b = await createVerifiedAccount()
  await userRecordId(request, b)
  const [aItem] = a.items
  if (aItem === undefined) throw new Error('nothing seeded')

  await signedInGallery(page, a.account)
  await keepVideo(page, aItem)
  expect((await deviceRows(page, 'galleryPages')).length).toBeGreaterThan(0)

  // A signs out and keeps the video for later.
  await startSignOut(page)
  const question = page.getByRole('alertdialog', { name: 'Remove videos kept on this device?' })
  await expect(question).toContainText('1 video is kept on this device')
  await expectNoSeriousA11yViolations(page)
  await question.getByRole('button', { name: 'Keep' }).click()
  await expect(page.getByText('Please Sign in to the system')).toBeVisible()
  await expect.poll(() => deviceRows(page, 'galleryPages')).toEqual([])
  expect(await deviceRows(page, 'keptVideos')).toEqual([{ uid: a.account.uid, url: aItem.outputUrl }])

  // B signs in on the same device: an empty gallery, nothing of A's.
  await signedInGallery(page, b)
  await expect(page.getByRole('heading', { name: 'The Stage is Empty' })).toBeVisible()
  for (const item of a.items) await expect(page.getByText(item.prompt)).toHaveCount(0)
  await expect(page.getByText('Available offline')).toHaveCount(0)
  const pages = await deviceRows(page, 'galleryPages')
  expect(pages.length).toBeGreaterThan(0)
  expect(pages.every((row) => row.uid === b.uid)).toBe(true)
  expect(await deviceRows(page, 'keptVideos')).toEqual([{ uid: a.account.uid, url: aItem.outputUrl }])

  // B signs out without a question (B keeps nothing here); A's copy stays A's.
  await startSignOut(page)
  await expect(page.getByText('Please Sign in to the system')).toBeVisible()
  await expect(page.getByRole('alertdialog')).toHaveCount(0)
})

test('signing out with Remove takes the videos kept on this device away', async ({ page, request }) => {
  test.setTimeout(90_000)
  const { account, items } = await seededAccount(request, { ugc: 1 })
  const [item] = items
  if (item === undefined) throw new Error('nothing seeded')
  await signedInGallery(page, account)
  await keepVideo(page, item)

  await startSignOut(page)
  await page.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click()
  await expect(page.getByText('Please Sign in to the system')).toBeVisible()
  await expect.poll(() => deviceRows(page, 'keptVideos')).toEqual([])
})
