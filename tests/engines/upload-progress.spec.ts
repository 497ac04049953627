import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createEmulatorAccount } from '../../server/testing/emulator-accounts.ts'
import { toneWav } from '../e2e/support/generation.ts'
import { signInThroughUI } from './support/accounts.ts'
import { expect, test } from './support/fixtures.ts'
import type { Locator } from './support/locator.ts'
import type { Phone } from './support/phone.ts'

// Upload progress on every engine (decision 0252: XMLHttpRequest's upload
// events, not fetch streams, which only Chromium has): on a slow uplink the
// lip-sync picker shows the percent and megabytes sent and Cancel stops it;
// a connection cut mid-upload is tried once more and arrives.
// The public origin reads upload bodies slowly, which slows the browser's
// sending, and can cut an upload's connection part-way (support/public-origin.ts).

test.setTimeout(180_000)

const root = path.resolve(import.meta.dirname, '../..')
const SAMPLE_VIDEO = path.join(root, 'public/samples/app-walkthrough.mp4')
const folders: string[] = []

test.afterEach(async () => {
  await Promise.all(folders.splice(0).map((folder) => rm(folder, { recursive: true, force: true })))
})

/** Writes `bytes` to a file named `name` (the engines' file inputs take paths). */
async function fileOnDisk(name: string, bytes: Buffer): Promise<string> {
  const folder = await mkdtemp(path.join(tmpdir(), 'actorly-engine-upload-'))
  folders.push(folder)
  const file = path.join(folder, name)
  await writeFile(file, bytes)
  return file
}

/** The sample MP4 grown to about `megabytes` by a trailing `free` box: still a valid MP4 the server accepts. */
async function paddedVideo(megabytes: number): Promise<Buffer> {
  const padding = Buffer.alloc(Math.round(megabytes * 1024 * 1024))
  padding.writeUInt32BE(padding.length, 0)
  padding.write('free', 4, 'ascii')
  return Buffer.concat([await readFile(SAMPLE_VIDEO), padding])
}

async function lipSyncStep(phone: Phone, authEmulatorURL: string): Promise<Locator> {
  const account = await createEmulatorAccount(new URL(authEmulatorURL).host, { displayName: 'Uma Upload', verified: true })
  await signInThroughUI(phone, account)
  await phone
    .getByRole('banner')
    .getByRole('link', { name: /credits$/ })
    .shown()
  await phone.goto('/ugc-actor?step=2')
  const form = phone.getByRole('region', { name: 'Lip sync', exact: true })
  // The pickers open once the session (and its token for uploads) is back after the page load.
  await form.getByLabel('Upload a video').enabled(30_000)
  return form
}

async function percentOf(bar: Locator): Promise<number> {
  return Number((await bar.attribute('value')) ?? 0)
}

test('a video upload on a slow uplink shows percent and megabytes sent, and Cancel stops it', async ({ phone, run, site }) => {
  const form = await lipSyncStep(phone, run.authEmulatorURL)
  const video = await fileOnDisk('long-take.mp4', await paddedVideo(8))
  site.slowUploads(256 * 1024)

  await form.getByLabel('Upload a video').setInputFiles(video)
  const bar = form.getByRole('progressbar', { name: 'Uploading the video…' })
  await bar.shown()
  // Part of the file is on its way, not all of it (8 MB at 256 KB/s take half a minute).
  await expect.poll(() => percentOf(bar), { timeout: 30_000 }).toBeGreaterThan(0)
  expect(await percentOf(bar)).toBeLessThan(100)
  await form.getByText(/^\d+\.\d of 8\.0 MB sent$/).shown()

  await form.getByRole('button', { name: 'Cancel upload' }).click()
  await bar.gone()
  await form.getByLabel('Upload a video').enabled()
  await form.getByLabel('Input video').hasCount(0)
  await form.getByRole('alert').hasCount(0)
})

test('an audio upload cut off mid-way is tried once more and arrives', async ({ phone, run, site, engine }) => {
  const form = await lipSyncStep(phone, run.authEmulatorURL)
  // Four minutes of voice as a WAV: about 3.7 MB. The line drops after the first megabyte; the
  // second try, on the same slow line, takes some seconds.
  const audio = await fileOnDisk('long-voice.wav', toneWav(240))
  site.slowUploads(512 * 1024)
  site.cutUploadsAfter(1024 * 1024, 1)

  await form.getByLabel('Audio file').setInputFiles(audio)
  // WebKit (as Chromium) hands the dropped connection to the page, which says so and tries once more.
  // Firefox sends a POST whose connection was reset before any answer again by itself, so the
  // page never hears of it; either way the upload is sent twice and arrives.
  if (engine === 'webkit') await form.getByText('The connection dropped. Trying once more…').shown(30_000)
  // The card names the file while it uploads; its player comes once the file is stored.
  await form.getByLabel('Audio: long-voice.wav').hasAttribute('src', /\/media\//, 60_000)
  await form.getByText('long-voice.wav').shown()
  await form.getByRole('alert').hasCount(0)
  expect(site.requests.filter((request) => request === 'POST /api/media/v1/upload')).toHaveLength(2)
})
