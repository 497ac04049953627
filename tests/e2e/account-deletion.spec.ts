import { readFile } from 'node:fs/promises'
import { type APIRequestContext, devices, expect, type Page, test } from '@playwright/test'
import { baseURL } from '../../playwright.config.ts'
import { buyCredits, createVerifiedAccount, type EmulatorAccount, signInThroughUI } from './support/accounts'
import { expectNoSeriousA11yViolations } from './support/axe'
import { idTokenOf, SAMPLE_VIDEO, toneWav } from './support/generation'
import { keepFromGallery, signedInGallery } from './support/gallery'
import { seedGallery, userRecordId } from './support/seed-gallery'

// Delete my account (docs/decisions/0260): an account with a video, uploads, a
// running generation and kept videos is deleted from the Account screen, reached
// through the account menu (docs/decisions/0115). Signing
// in fails afterwards, its media links answer 404 (its token 401), this device holds nothing of it,
// a second browser signed in as the same user is signed out and wiped at its
// next online check, and another user is untouched.

type DeviceRow = { uid: string }

/** The rows of the app's IndexedDB tables that belong to `uid` (kept videos' bytes are chunk rows: docs/decisions/0241). */
function deviceRowsOf(page: Page, uid: string): Promise<Record<string, number>> {
  return page.evaluate(
    (owner) =>
      new Promise<Record<string, number>>((resolve, reject) => {
        const open = indexedDB.open('actorly')
        open.addEventListener('error', () => reject(open.error))
        open.addEventListener('success', () => {
          const db = open.result
          const tables = ['jobs', 'galleryPages', 'keptVideos', 'keptVideoChunks'].filter((name) => db.objectStoreNames.contains(name))
          const counts: Record<string, number> = {}
          if (tables.length === 0) return resolve(counts)
          const transaction = db.transaction(tables)
          for (const table of tables) {
            const all = transaction.objectStore(table).getAll()
            all.addEventListener('success', () => {
              counts[table] = all.result.filter((row: DeviceRow) => row.uid === owner).length
            })
          }
          transaction.addEventListener('complete', () => {
            db.close()
            resolve(counts)
          })
          transaction.addEventListener('error', () => reject(transaction.error))
        })
      }),
    uid,
  )
}

/** Whether the identity SDK still keeps a signed-in user in this browser, and what local storage holds. */
function storedSignIn(page: Page): Promise<{ authUsers: number; localKeys: string[] }> {
  return page.evaluate(async () => {
    const authUsers = await new Promise<number>((resolve) => {
      const open = indexedDB.open('firebaseLocalStorageDb')
      open.addEventListener('error', () => resolve(0))
      open.addEventListener('success', () => {
        const db = open.result
        if (!db.objectStoreNames.contains('firebaseLocalStorage')) return resolve(0)
        const all = db.transaction('firebaseLocalStorage').objectStore('firebaseLocalStorage').getAll()
        all.addEventListener('success', () => resolve(all.result.filter((row: { fbase_key: string }) => row.fbase_key.includes('authUser')).length))
        all.addEventListener('error', () => resolve(0))
      })
    })
    const localKeys = Object.keys(localStorage).filter((key) => key.includes('authUser'))
    return { authUsers, localKeys }
  })
}

/** The Account screen, through the account menu's entry (docs/decisions/0115). */
async function openAccountScreen(page: Page, words = { menu: 'Menu', account: 'Account' }): Promise<void> {
  const topBar = page.getByRole('banner')
  await topBar.getByRole('button', { name: words.menu, exact: true }).click()
  await topBar.getByRole('link', { name: words.account, exact: true }).click()
  await expect(page).toHaveURL('/account')
  await expect(page.getByRole('heading', { level: 1, name: words.account })).toBeVisible()
}

/** Stores a file as the app's upload does (spec §7) and answers its URL. */
async function upload(
  request: APIRequestContext,
  token: string,
  file: { name: string; mimeType: string; buffer: Buffer },
  preset: 'audio' | 'video',
): Promise<string> {
  const answer = await request.post('/api/media/v1/upload', { headers: { authorization: `Bearer ${token}` }, multipart: { file, upload_preset: preset } })
  expect(answer.ok()).toBe(true)
  return ((await answer.json()) as { secure_url: string }).secure_url
}

/** The signed link the gallery gives for the account's newest video (media are private: docs/decisions/0221). */
async function signedVideoLink(request: APIRequestContext, account: Pick<EmulatorAccount, 'email' | 'password'>, userId: string): Promise<string> {
  const token = await idTokenOf(account)
  const answer = await request.post('/api/fal/v1/gallery', { headers: { authorization: `Bearer ${token}` }, data: { userId } })
  expect(answer.ok()).toBe(true)
  const { generations } = (await answer.json()) as { generations: { outputUrl: string | null }[] }
  const link = generations[0]?.outputUrl
  if (!link) throw new Error('the gallery gave no video link')
  return link
}

/** An account with a finished video, two uploads and a long lip sync still rendering. */
async function accountWithEverything(request: APIRequestContext) {
  const account = await createVerifiedAccount({ displayName: 'Ada Leaving' })
  const userId = await userRecordId(request, account)
  const [video] = await seedGallery(userId, { ugc: 1 })
  if (video === undefined) throw new Error('nothing seeded')
  await buyCredits(request, account, { priceId: 'starter' })
  const token = await idTokenOf(account)
  const videoUpload = await upload(request, token, { name: 'input.mp4', mimeType: 'video/mp4', buffer: await readFile(SAMPLE_VIDEO) }, 'video')
  // 150 s of audio: three started minutes at 2.35 credits, and long enough to still be rendering.
  const audioUpload = await upload(request, token, { name: 'voice.wav', mimeType: 'audio/wav', buffer: toneWav(150) }, 'audio')
  const started = await request.post('/api/fal/v1/lipsyncGenerate', {
    headers: { authorization: `Bearer ${token}` },
    data: { video_url: videoUpload, audio_url: audioUpload, user_id: userId, audio_duraraion: 150, lipSyncModel: 'lipsync-1.8.0' },
  })
  expect(started.ok()).toBe(true)
  const { requestId } = (await started.json()) as { requestId: string }
  return { account, video, videoLink: await signedVideoLink(request, account, userId), uploads: [videoUpload, audioUpload], requestId }
}

test('deleting an account removes it everywhere, from this device and, at its next online check, from another', async ({ page, browser, request }) => {
  test.setTimeout(240_000)
  const ada = await accountWithEverything(request)
  const bob = await createVerifiedAccount({ displayName: 'Bob Staying' })
  const bobsId = await userRecordId(request, bob)
  const [bobsVideo] = await seedGallery(bobsId, { ugc: 1 })
  if (bobsVideo === undefined) throw new Error('nothing seeded')
  const bobsLink = await signedVideoLink(request, bob, bobsId)
  for (const link of [ada.videoLink, ...ada.uploads, bobsLink]) expect((await request.get(link)).status()).toBe(200)

  // Ada keeps her video on this phone and on a second browser.
  await signedInGallery(page, ada.account)
  await keepFromGallery(page, ada.video)
  const other = await browser.newContext({ ...devices['Pixel 7'], baseURL })
  const otherPage = await other.newPage()
  await signedInGallery(otherPage, ada.account)
  await keepFromGallery(otherPage, ada.video)
  expect(await deviceRowsOf(otherPage, ada.account.uid)).toMatchObject({ keptVideos: 1, keptVideoChunks: 1 })

  // Delete my account, on the Account screen: the word and a fresh sign-in with the password.
  await openAccountScreen(page)
  await page.getByRole('main').getByRole('button', { name: 'Delete my account' }).click()
  const dialog = page.getByRole('alertdialog', { name: 'Delete your account?' })
  await expect(dialog).toContainText('Kept: the record of each payment')
  await expectNoSeriousA11yViolations(page)
  const confirm = dialog.getByRole('button', { name: 'Delete my account' })
  await dialog.getByLabel('Your password').fill(ada.account.password)
  await dialog.getByLabel('Type DELETE to confirm').fill('DELETE')
  await confirm.click()

  await expect(page.getByText('Your account was deleted, and this device no longer holds any of its data.')).toBeAttached({ timeout: 30_000 })
  await expect(page.getByRole('heading', { name: 'Your account is deleted' })).toBeVisible()
  await expect.poll(() => deviceRowsOf(page, ada.account.uid)).toEqual({ jobs: 0, galleryPages: 0, keptVideos: 0, keptVideoChunks: 0 })
  expect(await storedSignIn(page)).toEqual({ authUsers: 0, localKeys: [] })
  // Nothing of the account is answered any more: the links it was given to its video and uploads, its token, its job.
  for (const link of [ada.videoLink, ...ada.uploads]) expect((await request.get(link)).status()).toBe(404)
  expect((await request.get(ada.video.outputUrl, { headers: { authorization: `Bearer ${ada.account.idToken}` } })).status()).toBe(401)
  const status = await request.post('/api/fal/v1/lipsyncGeneratedVideo', {
    headers: { authorization: `Bearer ${ada.account.idToken}` },
    data: { request_id: ada.requestId },
  })
  expect(status.status()).toBe(401)

  // The second browser still shows the account until it next goes online.
  expect(await deviceRowsOf(otherPage, ada.account.uid)).toMatchObject({ keptVideos: 1, keptVideoChunks: 1 })
  await other.setOffline(true)
  await other.setOffline(false)
  await expect(otherPage.getByText('Please Sign in to the system')).toBeVisible({ timeout: 20_000 })
  await expect.poll(() => deviceRowsOf(otherPage, ada.account.uid)).toEqual({ jobs: 0, galleryPages: 0, keptVideos: 0, keptVideoChunks: 0 })
  expect(await storedSignIn(otherPage)).toEqual({ authUsers: 0, localKeys: [] })
  await other.close()

  // Signing in as Ada fails: the identity is gone.
  await page.goto('/auth')
  await page.getByLabel('Email').fill(ada.account.email)
  await page.getByLabel('Password', { exact: true }).fill(ada.account.password)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(page.getByText(/No account found with this email|Invalid email or password/)).toBeVisible()

  // Bob is untouched: he signs in on the same phone and sees his video.
  expect((await request.get(bobsLink)).status()).toBe(200)
  await signedInGallery(page, bob)
  await expect(page.getByRole('button', { name: `Preview: ${bobsVideo.prompt}` })).toBeVisible()
})

test('in German: download my data, then delete the account with LÖSCHEN', async ({ page, request }) => {
  test.setTimeout(120_000)
  const account = await createVerifiedAccount({ displayName: 'Greta Export' })
  const userId = await userRecordId(request, account)
  const [video] = await seedGallery(userId, { ugc: 1 })
  if (video === undefined) throw new Error('nothing seeded')
  await buyCredits(request, account, { priceId: 'creator' })

  await signInThroughUI(page, account)
  await page.evaluate(() => localStorage.setItem('actorly.locale', 'de'))
  await page.goto('/gallery')
  await openAccountScreen(page, { menu: 'Menü', account: 'Konto' })
  const downloadMyData = page.getByRole('main').getByRole('button', { name: 'Meine Daten herunterladen' })
  const download = page.waitForEvent('download')
  await downloadMyData.click()
  const file = await download
  expect(file.suggestedFilename()).toMatch(/^actorly-data-\d{4}-\d{2}-\d{2}\.json$/)
  const data = JSON.parse(await readFile((await file.path()) ?? '', 'utf8')) as {
    account: { email: string; credits: number }
    creditLedger: { credits: number }[]
    generations: { video: { link: string } | null }[]
  }
  expect(data.account).toMatchObject({ email: account.email, credits: 20 })
  expect(data.creditLedger.reduce((sum, entry) => sum + Math.round(entry.credits * 100), 0)).toBe(2000)
  const link = data.generations[0]?.video?.link ?? ''
  const fetched = await request.get(link)
  expect(fetched.status()).toBe(200)
  expect(fetched.headers()['content-type']).toBe('video/mp4')

  await page.getByRole('main').getByRole('button', { name: 'Mein Konto löschen' }).click()
  const dialog = page.getByRole('alertdialog', { name: 'Dein Konto löschen?' })
  await dialog.getByLabel('Dein Passwort').fill(account.password)
  await dialog.getByLabel('Gib LÖSCHEN ein, um zu bestätigen').fill('LÖSCHEN')
  await dialog.getByRole('button', { name: 'Mein Konto löschen' }).click()
  await expect(page.getByText('Dein Konto wurde gelöscht, und dieses Gerät enthält keine seiner Daten mehr.')).toBeAttached({ timeout: 30_000 })
  await expect(page.getByRole('heading', { name: 'Dein Konto ist gelöscht' })).toBeVisible()
  // The data file's links went with the account (its media links are signed: a 404 means the file is gone).
  expect((await request.get(link)).status()).toBe(404)
  expect((await request.get(video.outputUrl, { headers: { authorization: `Bearer ${account.idToken}` } })).status()).toBe(401)
})
