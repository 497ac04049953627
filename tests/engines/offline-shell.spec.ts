import { expect, test } from './support/fixtures.ts'

// The installable app's shell on every engine: the service worker precaches it,
// so the landing, legal and demo screens reload with the server unreachable
// after one visit (the public origin closed: WebDriver has no network switch).

const offlineScreens = ['/', '/terms', '/privacy', '/demo']

test('the landing, legal and demo screens reload offline after one visit', async ({ phone, site }) => {
  await phone.goto('/')
  await phone.waitForServiceWorkerControl()
  for (const path of offlineScreens) {
    await phone.goto(path)
    await phone.getByRole('heading', { level: 1 }).shown()
  }

  await site.close()
  for (const path of offlineScreens) {
    await phone.goto(path)
    await phone.reload()
    await phone.getByRole('heading', { level: 1 }).shown()
    expect(await phone.path()).toBe(path)
  }
})
