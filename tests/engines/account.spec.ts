import { createVerifiedAccount, signInThroughUI, uniqueEmail, verifyEmailThroughLink } from './support/accounts.ts'
import { expect, test } from './support/fixtures.ts'

// spec §2 and §4 on every engine: a new visitor signs up, opens the emailed
// verification link, signs in, buys the starter tier on the local checkout
// (spec §9: $20 = 11 credits) and sees the balance in the top bar; the account
// menu leads to the Account screen (docs/decisions/0115).

test('sign up, verify by the emailed link, sign in, buy starter credits and see the balance', async ({ phone, run }) => {
  const email = uniqueEmail('engine')
  const password = 'Passw0rd!'

  await phone.goto('/auth')
  await phone.getByRole('button', { name: 'Sign up' }).click()
  await phone.getByLabel('Name').fill('Jules Journey')
  await phone.getByLabel('Email').fill(email)
  await phone.getByLabel('Password', { exact: true }).fill(password)
  await phone.getByRole('button', { name: 'Sign up' }).click()
  const terms = phone.getByRole('dialog', { name: 'Terms of Service' })
  await terms.shown()
  await terms.getByRole('button', { name: 'Agree' }).click()
  await phone.getByText(`We sent a verification email to ${email}.`).shown()

  await verifyEmailThroughLink(run, email)
  await signInThroughUI(phone, { email, password })
  const topBar = phone.getByRole('banner')
  await topBar.getByText('Welcome, Jules Journey').attached()
  const balance = topBar.getByRole('link', { name: /credits$/ })
  // spec §2: a balance of zero reads 0.
  await balance.hasText(/^0 credits$/)

  await balance.click()
  await expect.poll(() => phone.path()).toBe('/purchase')
  await phone.getByRole('radio', { name: /Starter/ }).checked()
  await phone.getByRole('button', { name: 'Continue to checkout' }).click()
  await expect.poll(() => phone.path()).toMatch(/^\/checkout\//)
  await phone.getByRole('button', { name: 'Pay $20.00 (test)' }).click()
  await phone.getByRole('heading', { level: 1, name: 'Payment Successful!' }).shown()
  await phone.getByText('11 credits added', { exact: true }).shown()
  await phone.getByText('New balance: 11.00 credits').shown()
  await phone.getByRole('link', { name: 'Start creating' }).click()

  // spec §9: floor(20 / 1.75) = 11, shown to two decimals.
  await topBar.getByRole('link', { name: '11.00 credits', exact: true }).shown()
})

test('German: chosen once, the app speaks it on every screen and after a reload', async ({ phone, run }) => {
  await phone.goto('/auth')
  await phone.getByRole('radio', { name: 'Deutsch' }).check()
  await expect.poll(() => phone.evaluate(() => document.documentElement.lang)).toBe('de')
  await phone.getByRole('heading', { name: 'Anmelden' }).shown()

  const account = await createVerifiedAccount(run, 'Greta Deutsch')
  await phone.getByLabel('E-Mail').fill(account.email)
  await phone.getByLabel('Passwort', { exact: true }).fill(account.password)
  await phone.getByRole('button', { name: 'Anmelden', exact: true }).click()
  await expect.poll(() => phone.path()).toMatch(/^\/ugc-actor/)
  // A new account has no credits: the generator's action bar says what is missing, in German (decision 0135).
  await phone.getByRole('main').getByRole('link', { name: 'Credits aufladen', exact: true }).shown()
  await expect.poll(() => phone.evaluate(() => document.title)).toMatch(/Actorly$/)

  await phone.reload()
  await expect.poll(() => phone.evaluate(() => document.documentElement.lang)).toBe('de')
  await phone.getByRole('button', { name: 'Menü' }).click()
  await phone.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Galerie' }).click()
  await expect.poll(() => phone.path()).toBe('/gallery')
  await expect.poll(() => phone.evaluate(() => document.title)).toBe('Galerie · Actorly')
  // Nothing new was deployed: no update is offered.
  await phone.getByText('Eine neue Version von Actorly ist bereit.').hasCount(0)
})

test('the account menu leads to the Account screen, which changes the language and signs out', async ({ phone, run }) => {
  const account = await createVerifiedAccount(run, 'Ada Engines')
  await signInThroughUI(phone, account)
  const topBar = phone.getByRole('banner')
  await topBar.getByRole('button', { name: 'Menu' }).click()
  await topBar.getByText('Welcome, Ada Engines').shown()
  await topBar.getByRole('link', { name: 'Account' }).click()
  await expect.poll(() => phone.path()).toBe('/account')
  // The menu closed with the navigation.
  await topBar.getByRole('link', { name: 'Account' }).hasCount(0)

  const main = phone.getByRole('main')
  await main.getByRole('heading', { level: 1, name: 'Account' }).shown()
  await main.getByText(account.email).shown()
  await main.getByRole('radio', { name: 'Deutsch' }).check()
  await main.getByRole('heading', { level: 1, name: 'Konto' }).shown()
  await expect.poll(() => phone.evaluate(() => document.documentElement.lang)).toBe('de')

  await main.getByRole('button', { name: 'Abmelden' }).click()
  await main.getByRole('heading', { name: 'Melde dich an, um dein Konto zu sehen' }).shown()
})
