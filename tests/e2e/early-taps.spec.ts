import { expect, type Locator, type Page, test } from '@playwright/test'
import { emulateSlowPhone } from '../../scripts/bench/slow-phone.ts'
import { APP_LIVE_MARK } from '../../src/boot/prerendered-page.ts'

// A painted screen responds (docs/decisions/0208): an app screen paints from the HTML
// the build rendered and the app takes it over once its code has come. Meanwhile its
// links work as links, and a tap or the text typed is kept and takes effect once the
// app has taken over.

const firstPaint = (page: Page) => page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0, undefined, { polling: 'raf' })
const isLive = (page: Page) => page.evaluate((mark) => performance.getEntriesByName(mark).length > 0, APP_LIVE_MARK)
const main = (page: Page) => page.getByRole('main')

/** When the app took the screen over, waiting for it if need be. */
const liveAt = (page: Page) =>
  page.evaluate(
    (mark) =>
      new Promise<number>((resolve) => {
        const read = () => {
          const entry = performance.getEntriesByName(mark)[0]
          if (entry) resolve(entry.startTime)
          else setTimeout(read, 20)
        }
        read()
      }),
    APP_LIVE_MARK,
  )

/**
 * A thumb on the control the moment the screen first shows. Where it will be is read
 * before (the page is laid out before it paints, and scrolled to the control), so nothing stands between the paint
 * and the tap; Playwright's click would wait until the control takes events.
 */
async function tapAtFirstPaint(page: Page, control: Locator): Promise<void> {
  await page.evaluate(() =>
    window.addEventListener('touchstart', (event) => performance.mark('tap', { startTime: event.timeStamp }), { once: true, capture: true }),
  )
  // A person scrolls to a control below the fold first (the composer's templates sit under its canvas).
  await control.evaluate((element) => element.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' }))
  const box = await control.boundingBox()
  if (box === null) throw new Error(`${control} is not on the screen`)
  await firstPaint(page)
  await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2)
  const live = await liveAt(page)
  const tappedAt = await page.evaluate(() => performance.getEntriesByName('tap')[0]?.startTime ?? Number.NaN)
  // For the report: whether the tap came before the app had the screen (then it was held) or after.
  test.info().annotations.push({
    type: 'tap',
    description: `${Math.round(tappedAt)} ms, ${live > tappedAt ? 'before' : 'after'} the app took the screen over at ${Math.round(live)} ms`,
  })
}

test.describe('on a slow phone, right after the first paint', () => {
  // Lighthouse's mobile profile, as real throttling: 150 ms round trip, 1.6 Mbit/s, 4x slower CPU.
  test.beforeEach(({ page }) => emulateSlowPhone(page))

  test('a tap on "Sign up" opens the sign-up form', async ({ page }) => {
    await page.goto('/auth', { waitUntil: 'commit' })
    await tapAtFirstPaint(page, page.getByRole('button', { name: 'Sign up' }))
    await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible({ timeout: 15_000 })
    await expect(page.getByLabel('Name')).toBeVisible()
  })

  test('a tap on a template fills the prompt', async ({ page }) => {
    await page.goto('/ugc-actor', { waitUntil: 'commit' })
    await tapAtFirstPaint(page, main(page).getByRole('button', { name: /Office pitch/ }))
    await expect(main(page).getByLabel('Prompt', { exact: true })).toHaveValue(/businesswoman/, { timeout: 15_000 })
  })
})

/**
 * Holds the sign-in screen's code (its chunk and catalog) back until `release` is
 * called: the page paints, and the app cannot take the screen over until then.
 */
async function holdTheApp(page: Page): Promise<() => void> {
  const { promise: released, resolve: release } = Promise.withResolvers<void>()
  await page.route(/\/assets\/auth-[\w-]+\.js$/, async (route) => {
    await released
    await route.continue()
  })
  return release
}

test.describe('before the app has taken the screen over', () => {
  test('the text typed and a tap take effect once it has, in their order', async ({ page }) => {
    const release = await holdTheApp(page)
    await page.goto('/auth', { waitUntil: 'domcontentloaded' })
    await page.getByLabel('Email').pressSequentially('early@example.com')
    await page.getByRole('button', { name: 'Forgot password?' }).click()
    await expect(page.getByRole('heading', { name: 'Sign in', level: 1 })).toBeVisible()
    expect(await isLive(page)).toBe(false)

    release()
    // The tap came after the typing: the form it opens starts with the email typed.
    await expect(page.getByRole('heading', { name: 'Reset your password', level: 1 })).toBeVisible()
    await expect(page.getByLabel('Email')).toHaveValue('early@example.com')
    expect(await isLive(page)).toBe(true)
  })

  test('a submitted form is sent once it has, with what was typed', async ({ page }) => {
    const release = await holdTheApp(page)
    await page.goto('/auth', { waitUntil: 'domcontentloaded' })
    await page.getByLabel('Email').fill('not-an-email')
    await page.getByLabel('Password', { exact: true }).press('Enter')
    // The browser did not send the form itself: the page is where it was.
    await expect(page).toHaveURL(/\/auth$/)
    release()
    // The app's own check of the typed address.
    await expect(page.getByLabel('Email')).toHaveAccessibleDescription('Please enter a valid email address.')
  })

  test('its links work as links', async ({ page }) => {
    await holdTheApp(page)
    await page.goto('/auth', { waitUntil: 'domcontentloaded' })
    await page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: 'Privacy' }).click()
    await expect(page).toHaveURL(/\/privacy$/)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  })
})
