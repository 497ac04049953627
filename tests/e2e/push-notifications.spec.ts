import { type BrowserContext, type CDPSession, expect, type Page, test, type Worker } from '@playwright/test'
import { baseURL } from '../../playwright.config.ts'
import type { PushMessage } from '../../contract/push.ts'
import { buyCredits, createVerifiedAccount, signInThroughUI } from './support/accounts'
import { waitForServiceWorkerControl } from './support/service-worker'

// Push notifications and the app badge (docs/decisions/0280-0282). Messages
// reach the service worker through the DevTools protocol, as the browser's push
// service would hand them over after decrypting them; no push service is
// reachable from here, so subscribing must fail politely.

const main = (page: Page) => page.getByRole('main')

function ended(requestId: string, changes: Partial<PushMessage> = {}): PushMessage {
  return { type: 'generation-ended', requestId, kind: 'ugc', outcome: 'completed', refunded: false, language: 'en', ...changes }
}

async function appWorker(context: BrowserContext): Promise<Worker> {
  const existing = context.serviceWorkers()[0]
  return existing ?? context.waitForEvent('serviceworker')
}

/** The DevTools protocol's handle on the app's service worker registration. */
async function pushChannel(page: Page): Promise<(message: PushMessage) => Promise<void>> {
  const cdp: CDPSession = await page.context().newCDPSession(page)
  const registrationId = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((registration) => registration.scopeURL === `${baseURL}/` && !registration.isDeleted)
      if (ours) resolve(ours.registrationId)
    })
  })
  await cdp.send('ServiceWorker.enable')
  const id = await registrationId
  return async (message) => {
    await cdp.send('ServiceWorker.deliverPushMessage', { origin: baseURL, registrationId: id, data: JSON.stringify(message) })
  }
}

interface ShownNotification {
  title: string
  body: string
  tag: string
}

function shownNotifications(worker: Worker): Promise<ShownNotification[]> {
  return worker.evaluate(async () => {
    // The service worker's own registration (this file is typed for pages, not workers).
    const registration: unknown = Reflect.get(globalThis, 'registration')
    if (!(registration instanceof ServiceWorkerRegistration)) throw new Error('not the service worker')
    const shown = await registration.getNotifications()
    return shown.map(({ title, body, tag }) => ({ title, body, tag }))
  })
}

/** A click on a notification: no browser API clicks one, so its event is dispatched in the service worker. */
async function clickNotification(worker: Worker, tag: string): Promise<void> {
  await worker.evaluate(`(async () => {
    const [notification] = await self.registration.getNotifications({ tag: ${JSON.stringify(tag)} })
    if (notification === undefined) throw new Error('no notification ${tag}')
    // A dispatched event cannot extend its lifetime (its waitUntil throws): this evaluation keeps the worker alive.
    self.dispatchEvent(new NotificationEvent('notificationclick', { notification }))
  })()`)
}

test('a push message becomes a translated notification unless the app is in view; its click opens the result; the badge counts it until the gallery is seen', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['notifications'], { origin: baseURL })
  // What the page asks of the Badging API (the service worker's calls are seen through the count it stores).
  await page.addInitScript(() => {
    const calls: number[] = []
    Object.assign(window, { badgeCalls: calls })
    const set = navigator.setAppBadge.bind(navigator)
    const clear = navigator.clearAppBadge.bind(navigator)
    navigator.setAppBadge = (count?: number) => (calls.push(count ?? 0), set(count))
    navigator.clearAppBadge = () => (calls.push(0), clear())
  })
  const badgeCalls = () =>
    page.evaluate(() => {
      const calls: unknown = Reflect.get(window, 'badgeCalls')
      return Array.isArray(calls) ? calls.map(Number) : []
    })

  // Signed in, as every subscribed device is (sign-out removes its subscription).
  await signInThroughUI(page, await createVerifiedAccount())
  await waitForServiceWorkerControl(page)
  const worker = await appWorker(context)
  const deliver = await pushChannel(page)

  // The app is in view: the page shows the result itself, so no notification.
  await page.bringToFront()
  await deliver(ended('job-while-in-view'))

  // The app is closed: each message is a notification in its subscription's language.
  await page.goto('about:blank')
  // Only once the worker no longer counts the page as an open window of the app.
  await expect.poll(() => worker.evaluate(async () => (await Reflect.get(globalThis, 'clients').matchAll({ type: 'window' })).length)).toBe(0)
  await deliver(ended('job-de', { language: 'de' }))
  await deliver(ended('job-failed', { outcome: 'failed', refunded: true }))
  await expect.poll(() => shownNotifications(worker).then((shown) => shown.length)).toBe(2)
  expect((await shownNotifications(worker)).toSorted((a, b) => a.tag.localeCompare(b.tag))).toEqual([
    { title: 'Dein Video ist fertig', body: 'Öffne Actorly, um es anzusehen und herunterzuladen.', tag: 'job-de' },
    { title: 'Your video could not be generated', body: 'Your credits were refunded. Open Actorly to try again.', tag: 'job-failed' },
  ])

  // The app opens elsewhere: its badge shows the one finished video nobody has seen.
  await page.goto('/purchase')
  await expect.poll(badgeCalls).toEqual([1])

  await clickNotification(worker, 'job-de')
  // The job was not followed on this device: its video is in the gallery, where the open window is sent.
  await expect(page).toHaveURL(/\/gallery$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Your Gallery' })).toBeVisible()
  await expect.poll(() => shownNotifications(worker).then((shown) => shown.map((notification) => notification.tag))).toEqual(['job-failed'])
  // Seen: the badge is cleared, and stays so when the app opens again.
  await expect.poll(async () => (await badgeCalls()).at(-1)).toBe(0)
  await page.goto('/purchase')
  await expect.poll(badgeCalls).toEqual([0])
})

test('"Notify me when it’s ready" beside a running generation and on the Account screen: subscribing fails here, and the app says so politely', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000)
  await context.grantPermissions(['notifications'], { origin: baseURL })
  const account = await createVerifiedAccount()
  await buyCredits(page.request, account, { priceId: 'starter' })
  // Polls wait for the test's clock: the generation stays running while the user chooses.
  await page.clock.install()
  await signInThroughUI(page, account)
  await waitForServiceWorkerControl(page)

  // Nothing asks on load.
  await expect(main(page).getByRole('button', { name: 'Notify me when it’s ready' })).toHaveCount(0)
  await main(page)
    .getByRole('button', { name: /Selfie review/ })
    .click()
  await main(page)
    .getByRole('button', { name: /^Generate · / })
    .click()
  await expect(main(page).getByText('AI video generation in progress').first()).toBeVisible()

  await main(page).getByRole('button', { name: 'Notify me when it’s ready' }).click()
  await expect(main(page).getByRole('alert')).toHaveText('Sorry, notifications could not be turned on on this device right now. Please try again later.')

  // The Account screen, reached through the account menu, offers the same, in the same state (docs/decisions/0115).
  await page.getByRole('banner').getByRole('button', { name: 'Menu' }).click()
  await page.getByRole('banner').getByRole('link', { name: 'Account' }).click()
  const notifications = main(page).getByRole('region', { name: 'Notifications on this device' })
  // There, with no video in sight, it says what it is about.
  await expect(notifications.getByRole('button', { name: 'Notify me when a video is ready' })).toBeVisible()
  await expect(notifications.getByRole('alert')).toHaveText('Sorry, notifications could not be turned on on this device right now. Please try again later.')
})

test('a browser whose push service the server does not send to is told so, and is not left looking subscribed', async ({ page, context }) => {
  await context.grantPermissions(['notifications'], { origin: baseURL })
  // The browser's push service hands out an endpoint that is not one of the browsers' push services the server
  // sends to (docs/decisions/0283); no real push service is reachable from here, so the subscription is the browser's stand-in.
  await page.addInitScript(() => {
    const endpoint = 'https://push.example.net/send/device-1'
    const keys = { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) }
    const subscription = {
      endpoint,
      toJSON: () => ({ endpoint, keys }),
      unsubscribe: async () => Reflect.set(window, 'pushSubscribed', false),
    }
    Reflect.set(window, 'pushSubscribed', false)
    Reflect.set(PushManager.prototype, 'subscribe', async () => (Reflect.set(window, 'pushSubscribed', true), subscription))
    Reflect.set(PushManager.prototype, 'getSubscription', async () => null)
  })
  const account = await createVerifiedAccount()
  await signInThroughUI(page, account)
  await waitForServiceWorkerControl(page)

  await page.getByRole('banner').getByRole('button', { name: 'Menu' }).click()
  await page.getByRole('banner').getByRole('link', { name: 'Account' }).click()
  const notifications = main(page).getByRole('region', { name: 'Notifications on this device' })
  await notifications.getByRole('button', { name: 'Notify me when a video is ready' }).click()
  await expect(notifications.getByRole('alert')).toHaveText(
    'Notifications cannot be turned on in this browser: we can send them only through the push services of the major browsers, such as Chrome, Edge, Firefox and Safari.',
  )
  expect(await page.evaluate(() => Reflect.get(window, 'pushSubscribed'))).toBe(false)
  await expect(notifications.getByRole('button', { name: 'Turn off notifications' })).toHaveCount(0)
})
