import { expect, type Page, type Route, test } from '@playwright/test'
import { createVerifiedAccount, signInThroughUI } from './support/accounts'
import { expectNoSeriousA11yViolations } from './support/axe'
import { useLocale } from './support/locale'

// Contact and bug report (spec §2, §5, §8) on a phone. The last block sends to
// the real server (visitor and signed in); the others answer the two calls with
// page.route to reach every outcome.

const MESSAGES = '**/api/messages/v1/new'
const BUG_REPORTS = '**/api/bug-reports/v1/new'

/** Answers a route with the server's `{ success, message }` and records the body sent. */
function answerWith(page: Page, url: string, reply: { success: boolean; message: string }) {
  const bodies: unknown[] = []
  void page.route(url, async (route: Route) => {
    bodies.push(route.request().postDataJSON())
    await route.fulfill({ json: reply })
  })
  return bodies
}

test('contact renders the FAQ, the form and a note linking to /terms; axe clean', async ({ page }) => {
  await page.goto('/contact')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contact us')
  await expect(page.getByRole('heading', { name: 'Frequently Asked Questions' })).toBeVisible()
  await expect(page.locator('.support-faq dt')).toHaveCount(4)
  await expect(page.getByText(/within 48 hours/).first()).toBeVisible()
  await expect(page.getByLabel('Name (optional)')).toBeVisible()
  await expect(page.getByLabel('Email')).toBeVisible()
  await expect(page.getByLabel('Message', { exact: true })).toHaveAttribute('rows', '4')
  await expect(page.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms')
  await expectNoSeriousA11yViolations(page)

  await page.getByRole('link', { name: 'Terms of Service' }).click()
  await expect(page).toHaveURL(/\/terms$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Terms of Service')
})

test('contact validation messages in English', async ({ page }) => {
  await page.goto('/contact')
  await page.getByRole('button', { name: 'Send message' }).click()
  await expect(page.getByLabel('Email')).toHaveAccessibleDescription('Please enter your email address.')
  await expect(page.getByLabel('Message', { exact: true })).toHaveAccessibleDescription('Please enter your message.')
  await expect(page.getByLabel('Email')).toBeFocused()

  await page.getByLabel('Email').fill('ada@example')
  await expect(page.getByLabel('Email')).toHaveAccessibleDescription('Please enter a valid email address.')
  await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true')
  await expectNoSeriousA11yViolations(page)
})

test('contact validation messages in German', async ({ page }) => {
  await useLocale(page, 'de')
  await page.goto('/contact')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Kontakt')
  await expect(page.getByRole('heading', { name: 'Häufig gestellte Fragen' })).toBeVisible()
  await page.getByLabel('E-Mail').fill('ada@')
  await page.getByRole('button', { name: 'Nachricht senden' }).click()
  await expect(page.getByText('Bitte gib eine gültige E-Mail-Adresse ein.')).toBeVisible()
  await expect(page.getByText('Bitte gib deine Nachricht ein.')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Nutzungsbedingungen' })).toHaveAttribute('href', '/terms')
})

test('contact: a sent message is confirmed in green and the form cleared', async ({ page }) => {
  const bodies = answerWith(page, MESSAGES, { success: true, message: 'Message sent successfully' })
  await page.goto('/contact')
  await page.getByLabel('Name (optional)').fill('Ada')
  await page.getByLabel('Email').fill('ada@example.com')
  await page.getByLabel('Subject (optional)').fill('Credits')
  await page.getByLabel('Message', { exact: true }).fill('How do I buy more credits?')
  await page.getByRole('button', { name: 'Send message' }).click()

  const confirmation = page.getByText('Your message was sent successfully. We will reply within 48 hours.')
  await expect(confirmation).toBeVisible()
  await expect(confirmation).toHaveCSS('color', 'rgb(74, 222, 128)')
  await expect(page.getByLabel('Message', { exact: true })).toHaveValue('')
  expect(bodies).toEqual([
    {
      userId: null,
      userName: 'Ada',
      email: 'ada@example.com',
      type: 'contact',
      subject: 'Credits',
      message: 'How do I buy more credits?',
    },
  ])
})

test('contact: a refused message shows in red and keeps what was typed', async ({ page }) => {
  answerWith(page, MESSAGES, { success: false, message: 'Mail service unavailable' })
  await page.goto('/contact')
  await page.getByLabel('Email').fill('ada@example.com')
  await page.getByLabel('Message', { exact: true }).fill('Please do not lose this')
  await page.getByRole('button', { name: 'Send message' }).click()

  // An answer without a code keeps the server's words only as a detail (decision 0253).
  const failure = page.getByText('Failed to send the message. Please try again.', { exact: false })
  await expect(failure).toBeVisible()
  await expect(failure.locator('[lang="en"]')).toHaveText('Mail service unavailable')
  await expect(failure).toHaveCSS('color', 'rgb(248, 113, 113)')
  await expect(page.getByLabel('Message', { exact: true })).toHaveValue('Please do not lose this')
  await expect(page.getByLabel('Email')).toHaveValue('ada@example.com')
})

test('contact: while sending, the button is busy and disabled', async ({ page }) => {
  let release: (() => void) | undefined
  const held = new Promise<void>((resolve) => {
    release = resolve
  })
  await page.route(MESSAGES, async (route) => {
    await held
    await route.fulfill({ json: { success: true, message: 'ok' } })
  })
  await page.goto('/contact')
  await page.getByLabel('Email').fill('ada@example.com')
  await page.getByLabel('Message', { exact: true }).fill('Hello')
  await page.getByRole('button', { name: 'Send message' }).click()
  await expect(page.getByRole('button', { name: 'Sending...' })).toBeDisabled()
  release?.()
  await expect(page.getByRole('button', { name: 'Send message' })).toBeEnabled()
})

test('report renders and passes axe', async ({ page }) => {
  await page.goto('/report')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Report a bug')
  await expect(page.getByLabel('Description')).toHaveAttribute('rows', '4')
  await expect(page.getByLabel('Screenshot or video link (optional)')).toBeVisible()
  await expectNoSeriousA11yViolations(page)
})

test('report: an empty description gets a prompt instead of being sent', async ({ page }) => {
  const bodies = answerWith(page, BUG_REPORTS, { success: true, message: 'ok' })
  await page.goto('/report')
  await page.getByRole('button', { name: 'Submit report' }).click()
  await expect(page.getByLabel('Description')).toHaveAccessibleDescription(/Please describe the problem/)
  expect(bodies).toEqual([])
})

test('report: success clears the form; failure shows red and keeps the text', async ({ page }) => {
  const bodies = answerWith(page, BUG_REPORTS, { success: true, message: 'Bug report submitted' })
  await page.goto('/report')
  await page.getByLabel('Description').fill('The gallery shows nothing')
  await page.getByLabel('Screenshot or video link (optional)').fill('https://example.com/shot.png')
  await page.getByRole('button', { name: 'Submit report' }).click()
  await expect(page.getByText('Thank you! Your bug report was submitted successfully.')).toBeVisible()
  await expect(page.getByLabel('Description')).toHaveValue('')
  expect(bodies).toEqual([{ userId: null, userEmail: null, message: 'The gallery shows nothing', attachment: 'https://example.com/shot.png' }])

  await page.unroute(BUG_REPORTS)
  answerWith(page, BUG_REPORTS, { success: false, message: 'Storage full' })
  await page.getByLabel('Description').fill('Second try')
  await page.getByRole('button', { name: 'Submit report' }).click()
  const failure = page.getByText('Failed to submit the bug report. Please try again.', { exact: false })
  await expect(failure).toBeVisible()
  await expect(failure).toContainText('Details: Storage full')
  await expect(failure).toHaveCSS('color', 'rgb(248, 113, 113)')
  await expect(page.getByLabel('Description')).toHaveValue('Second try')
})

test('report in German', async ({ page }) => {
  await useLocale(page, 'de')
  await page.goto('/report')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Fehler melden')
  await page.getByRole('button', { name: 'Bericht senden' }).click()
  await expect(page.getByText('Bitte beschreib das Problem, damit wir es uns ansehen können.')).toBeVisible()
})

/** Lets a call through to the real server, recording its body and Authorization header on the way. */
function observe(page: Page, url: string) {
  const seen: { body: unknown; authorization: string | null }[] = []
  void page.route(url, async (route: Route) => {
    seen.push({ body: route.request().postDataJSON(), authorization: await route.request().headerValue('authorization') })
    await route.continue()
  })
  return seen
}

test.describe('against the server', () => {
  test("a visitor's message is delivered and confirmed in green", async ({ page }) => {
    await page.goto('/contact')
    await page.getByLabel('Name (optional)').fill('Vera Visitor')
    await page.getByLabel('Email').fill('vera@example.com')
    await page.getByLabel('Message', { exact: true }).fill('Do you offer team plans?')
    await page.getByRole('button', { name: 'Send message' }).click()
    const confirmation = page.getByText('Your message was sent successfully. We will reply within 48 hours.')
    await expect(confirmation).toBeVisible()
    await expect(confirmation).toHaveCSS('color', 'rgb(74, 222, 128)')
    await expect(page.getByLabel('Message', { exact: true })).toHaveValue('')
  })

  test.describe('signed in', () => {
    let email = ''
    test.beforeEach(async ({ page }) => {
      const account = await createVerifiedAccount({ displayName: 'Sam Supporter' })
      email = account.email
      await signInThroughUI(page, account)
    })

    test('contact sends the account uid, name and email with the token; no name or email fields (spec §6)', async ({ page }) => {
      await page.goto('/contact')
      await expect(page.getByText(`You are signed in as ${email}.`)).toBeVisible()
      await expect(page.getByLabel('Name (optional)')).toHaveCount(0)
      await expect(page.getByLabel('Email')).toHaveCount(0)
      await expectNoSeriousA11yViolations(page)

      await page.getByLabel('Subject (optional)').fill('Invoice')
      await page.getByLabel('Message', { exact: true }).fill('Please send me an invoice.')
      const seen = observe(page, MESSAGES)
      await page.getByRole('button', { name: 'Send message' }).click()
      // The server accepts a signed-in message only when userId is the caller's own (docs/api.md),
      // so the success below also proves the uid.
      await expect(page.getByText('Your message was sent successfully. We will reply within 48 hours.')).toBeVisible()
      expect(seen).toHaveLength(1)
      expect(seen[0]?.body).toMatchObject({
        userName: 'Sam Supporter',
        email,
        type: 'contact',
        subject: 'Invoice',
        message: 'Please send me an invoice.',
      })
      expect(seen[0]?.body).toHaveProperty('userId', expect.any(String))
      expect(seen[0]?.authorization).toMatch(/^Bearer .+/)
    })

    test('a bug report carries the uid and email (spec §3, §6)', async ({ page }) => {
      await page.goto('/contact')
      await page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: 'Report' }).click()
      await expect(page).toHaveURL(/\/report$/)
      await page.getByLabel('Description').fill('The download button does nothing.')
      await page.getByLabel('Screenshot or video link (optional)').fill('https://example.com/clip.mp4')
      const seen = observe(page, BUG_REPORTS)
      await page.getByRole('button', { name: 'Submit report' }).click()
      const confirmation = page.getByText('Thank you! Your bug report was submitted successfully.')
      await expect(confirmation).toBeVisible()
      await expect(confirmation).toHaveCSS('color', 'rgb(74, 222, 128)')
      expect(seen).toHaveLength(1)
      expect(seen[0]?.body).toMatchObject({
        userEmail: email,
        message: 'The download button does nothing.',
        attachment: 'https://example.com/clip.mp4',
      })
      expect(seen[0]?.body).toHaveProperty('userId', expect.any(String))
      expect(seen[0]?.authorization).toMatch(/^Bearer .+/)
    })
  })
})
