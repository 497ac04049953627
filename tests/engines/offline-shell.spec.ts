import { expect, test } from './support/fixtures.ts'

// The installable app's shell on every engine: the service worker precaches it,
// so the landing, legal and demo screens reload with the server unreachable
// after one visit (the public origin closed: WebDriver has no network switch).

const offlineScreens = ['/', '/terms', '/privacy', '/demo']

test('the landing, legal and demo screens reload offline after one visit', async ({ phone, site }) => {
  await phone.goto('/')
  await phone.waitForServiceWorkerControl()
  const headings = new Map<string, string>()
  for (const path of offlineScreens) {
    await phone.goto(path)
    const heading = phone.getByRole('heading', { level: 1 })
    await heading.shown()
    headings.set(path, (await heading.facts())?.text ?? '')
  }

  await site.close()
  for (const path of offlineScreens) {
    await phone.goto(path)
    await phone.reload()
    // The app's own screen, not the browser's error page (which has a heading too).
    await phone.getByRole('heading', { level: 1, name: headings.get(path) ?? '', exact: true }).shown()
    await phone.locator('#root').hasCount(1)
    expect(await phone.path()).toBe(path)
  }
})
