import { z } from 'zod'
import { buyCredits, createVerifiedAccount, signInThroughUI } from './support/accounts.ts'
import { expect, test } from './support/fixtures.ts'
import type { Locator } from './support/locator.ts'
import { expectToPlay, seekToMiddle } from './support/media.ts'
import type { Phone } from './support/phone.ts'
import { pressInTopBar } from './support/shell.ts'

// The paid journey on every engine (spec §2 generator and gallery, §4
// generation): a UGC video is made and survives a reload while it runs, plays,
// is kept on the device from the gallery (decision 0241: WebKit refused Blobs),
// and with the server unreachable the gallery renders from the device and the
// kept video plays and seeks (the service worker's ranged answer from
// IndexedDB, decision 0170). Signing out asks about kept videos; the next user
// on the phone sees nothing of the first.

test.setTimeout(300_000)

const main = (phone: Phone) => phone.getByRole('main')

const keptRows = z.array(z.object({ uid: z.string(), size: z.number() }))

/** The kept videos' rows, read from IndexedDB the way the app stores them. */
async function keptVideos(phone: Phone) {
  const rows = await phone.evaluate(
    () =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open('actorly')
        open.addEventListener('error', () => reject(open.error))
        open.addEventListener('success', () => {
          const db = open.result
          if (!db.objectStoreNames.contains('keptVideos')) return resolve([])
          const all = db.transaction('keptVideos').objectStore('keptVideos').getAll()
          all.addEventListener('success', () => {
            resolve(all.result.map((row: { uid: string; size: number }) => ({ uid: row.uid, size: row.size })))
            db.close()
          })
          all.addEventListener('error', () => reject(all.error))
        })
      }),
  )
  return keptRows.parse(rows)
}

/** Whether a gallery tile shows a loaded picture (its poster frame). */
async function posterShown(tile: Locator): Promise<boolean> {
  return (await tile.locator('img').evaluate((image) => image instanceof HTMLImageElement && image.complete && image.naturalWidth > 0)) === true
}

const rangeAnswer = z.object({ status: z.number(), contentRange: z.string().nullable(), bytes: z.array(z.number()) })

/** Asks for a byte range as a <video> does, from inside the page (through the service worker). */
async function fetchRange(phone: Phone, url: string, range: string) {
  const answer = await phone.evaluate(
    async (target, bytes) => {
      const response = await fetch(target, { headers: { Range: bytes } })
      return { status: response.status, contentRange: response.headers.get('Content-Range'), bytes: Array.from(new Uint8Array(await response.arrayBuffer())) }
    },
    url,
    range,
  )
  return rangeAnswer.parse(answer)
}

test('a UGC video is made, resumed after a reload, kept, and plays and seeks from the device with the server unreachable', async ({ phone, run, site }) => {
  const account = await createVerifiedAccount(run, 'Kim Keeper')
  await buyCredits(run, account, 'starter')
  await signInThroughUI(phone, account)
  await phone.getByRole('banner').getByRole('link', { name: '11.00 credits', exact: true }).shown()
  await phone.waitForServiceWorkerControl()

  const prompt = `A barista on ${phone.engine} smiles in a sunny cafe and says good morning`
  await main(phone).getByRole('textbox', { name: 'Prompt' }).fill(prompt)
  await main(phone).getByRole('button', { name: 'Generate · 1.75 credits', exact: true }).click()
  const progress = main(phone).getByRole('progressbar', { name: 'Video generation progress' })
  await progress.shown()

  // Mid-way: the job is on the device, so the reloaded app follows it again.
  await phone.reload()
  const generated = main(phone).getByLabel('Generated video')
  await expect.poll(async () => (await progress.isVisible()) || (await generated.isVisible()), { message: 'the job is followed after the reload' }).toBe(true)
  // spec §4: the next poll comes when the one-second counter reaches 75 (two polls, for a slow renderer).
  await generated.shown(170_000)
  await expectToPlay(generated)
  // spec §9: 11.00 - 1.75.
  await phone.getByRole('banner').getByRole('link', { name: '9.25 credits', exact: true }).shown()

  // Keep it from the gallery's preview (spec §2 Download: saved and kept on the device).
  await pressInTopBar(phone, 'link', 'Gallery')
  const card = phone.getByRole('button', { name: `Preview: ${prompt}` })
  // The tile is the poster frame the worker took when the job ended (docs/decisions/0163).
  await expect.poll(() => posterShown(card), { message: 'the tile shows its poster' }).toBe(true)
  await card.click()
  const preview = phone.getByRole('dialog')
  const previewVideo = preview.getByLabel('Preview video')
  await expectToPlay(previewVideo)
  const videoUrl = await previewVideo.attribute('src')
  if (videoUrl === null) throw new Error('the preview has no video address')
  await preview.getByRole('button', { name: 'Download' }).click()
  await preview.getByText('This video now plays offline too').shown()
  await preview.getByRole('alert').hasCount(0)
  await preview.getByRole('button', { name: 'Close' }).click()
  await phone.getByText('Available offline').shown()
  const served = Buffer.from(await (await fetch(videoUrl)).arrayBuffer())
  // One video kept, the user's, whole (under whatever key the app gives a media link).
  expect((await keptVideos(phone)).map(({ uid, size }) => ({ uid, size }))).toEqual([{ uid: account.uid, size: served.length }])

  // Kept videos are answered from the device first (decision 0170): playing it again asks the server nothing.
  const videoPath = `GET ${new URL(videoUrl).pathname}`
  const askedBefore = site.requests.filter((request) => request === videoPath).length
  await card.click()
  await expectToPlay(previewVideo)
  await preview.getByRole('button', { name: 'Close' }).click()
  expect(site.requests.filter((request) => request === videoPath).length).toBe(askedBefore)

  // The server becomes unreachable: the gallery renders from the device and the kept video plays and seeks.
  await site.close()
  await phone.reload()
  await phone.getByText("The server can't be reached — showing your saved gallery").shown()
  await phone.getByText('Available offline').shown()
  // Its poster was kept with it and comes from the device too (docs/decisions/0165).
  await expect.poll(() => posterShown(card), { message: 'the kept tile shows its poster offline' }).toBe(true)
  await card.click()
  await expectToPlay(previewVideo)
  const seek = await seekToMiddle(previewVideo)
  expect(seek.duration).toBeGreaterThan(1)
  expect(Math.abs(seek.currentTime - seek.target)).toBeLessThan(0.5)
  expect(seek.readyState).toBeGreaterThanOrEqual(2)
  const middle = await fetchRange(phone, videoUrl, 'bytes=100-299')
  expect(middle).toMatchObject({ status: 206, contentRange: `bytes 100-299/${served.length}` })
  expect(middle.bytes).toEqual([...served.subarray(100, 300)])
  const tail = await fetchRange(phone, videoUrl, 'bytes=-16')
  expect(tail.bytes).toEqual([...served.subarray(served.length - 16)])
  await preview.getByRole('button', { name: 'Close' }).click()

  // Back online, the user signs out and keeps the video for later; the next user sees none of it.
  await site.open()
  await phone.reload()
  await pressInTopBar(phone, 'button', 'Sign out')
  const question = phone.getByRole('alertdialog', { name: 'Remove videos kept on this device?' })
  await question.hasText('1 video is kept on this device')
  await question.getByRole('button', { name: 'Keep' }).click()
  await phone.getByText('Please Sign in to the system').shown()

  const next = await createVerifiedAccount(run, 'Noor Next')
  await signInThroughUI(phone, next)
  await phone.goto('/gallery')
  await phone.getByRole('heading', { name: 'The Stage is Empty' }).shown()
  await phone.getByText(prompt).hasCount(0)
  await phone.getByText('Available offline').hasCount(0)
  await phone.getByRole('banner').getByRole('link', { name: '0 credits', exact: true }).attached()
})
