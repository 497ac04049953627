import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { z } from 'zod'
import { createVerifiedAccount, signInThroughUI } from './support/accounts.ts'
import { expect, test } from './support/fixtures.ts'

// What the installable app does where an engine offers less than Chromium
// (docs/engine-support.md). No engine here fires beforeinstallprompt: Safari
// (WebKit) gets the add-to-home-screen hint instead, Firefox simply no install
// button. A share from another app arrives as a POST the service worker takes
// (decision 0172); the phone's share sheet itself is out of a test's reach, so
// the post is made from the page as the sheet would make it.

const VOICE = path.join(import.meta.dirname, '../e2e/fixtures/voice-3s.mp3')

const rect = z.object({ top: z.number(), bottom: z.number() })

test('no install offer: WebKit shows the add-to-home-screen hint, which covers nothing and stays dismissed; Firefox shows nothing', async ({ phone }) => {
  await phone.goto('/purchase')
  await phone.getByRole('heading', { level: 1 }).shown()
  await phone.getByRole('button', { name: 'Install app' }).hasCount(0)
  const hint = phone.getByRole('complementary', { name: 'Install Actorly' })
  if (phone.engine === 'firefox') {
    await hint.hasCount(0)
    return
  }

  await hint.hasText('Install Actorly on your iPhone: tap Share, then Add to Home Screen.')
  // Scrolled to the end, the end of the page (the footer) is clear of the hint.
  await phone.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
  const footer = rect.parse(await phone.getByRole('contentinfo').evaluate((element) => element.getBoundingClientRect().toJSON()))
  const card = rect.parse(await hint.evaluate((element) => element.getBoundingClientRect().toJSON()))
  expect(footer.bottom, 'the footer ends above the hint').toBeLessThanOrEqual(card.top)

  await hint.getByRole('button', { name: 'Dismiss' }).click()
  await hint.hasCount(0)
  await phone.reload()
  await phone.getByRole('heading', { level: 1 }).shown()
  await hint.hasCount(0)
})

test('a file shared to the app is taken by the service worker and lands in the lip-sync step', async ({ phone, run }) => {
  await signInThroughUI(phone, await createVerifiedAccount(run, 'Sam Share'))
  await phone.waitForServiceWorkerControl()
  const voice = (await readFile(VOICE)).toString('base64')
  const landed = await phone.evaluate(async (base64) => {
    const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0))
    const form = new FormData()
    form.append('media', new File([bytes], 'shared-voice.mp3', { type: 'audio/mpeg' }))
    const answer = await fetch('/share-target', { method: 'POST', body: form })
    return { redirected: answer.redirected, url: answer.url }
  }, voice)
  expect(landed).toMatchObject({ redirected: true, url: expect.stringContaining('/ugc-actor?step=2&shared=1') })

  await phone.goto('/ugc-actor?step=2&shared=1')
  const form = phone.getByRole('region', { name: 'Lip sync', exact: true })
  await form.getByText('shared-voice.mp3').shown(30_000)
  await expect.poll(async () => (await form.getByLabel('Audio: shared-voice.mp3').attribute('src')) ?? '').not.toBe('')
})
