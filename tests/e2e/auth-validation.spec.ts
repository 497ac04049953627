import { expect, type Page, test } from '@playwright/test'
import { createVerifiedAccount, uniqueEmail } from './support/accounts'
import { expectNoSeriousA11yViolations } from './support/axe'
import { useLocale } from './support/locale'

// spec §5 validation and §8 Auth messages on the auth card, as a person meets
// them; the sign-up form's messages also in German.

const card = (page: Page) => page.getByRole('main')

test('sign-in: email rule, a password is required, no strength check', async ({ page }) => {
  await page.goto('/auth')
  await page.getByLabel('Email').fill('ada@example')
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(page.getByLabel('Email')).toHaveAccessibleDescription('Please enter a valid email address.')
  await expect(page.getByLabel('Password', { exact: true })).toHaveAccessibleDescription('Please enter your password.')
  await expect(page.getByLabel('Email')).toBeFocused()
  await expectNoSeriousA11yViolations(page)
  // A weak password is not judged at sign-in: the service answers for it.
  await page.getByLabel('Email').fill(uniqueEmail('nobody'))
  await page.getByLabel('Password', { exact: true }).fill('a')
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(card(page).getByRole('alert').filter({ hasText: 'No account found with this email' })).toBeVisible()
})

test('sign-in: a wrong password reads "Invalid email or password"', async ({ page }) => {
  const account = await createVerifiedAccount()
  await page.goto('/auth')
  await page.getByLabel('Email').fill(account.email)
  await page.getByLabel('Password', { exact: true }).fill('Wr0ng!password')
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(card(page).getByRole('alert').filter({ hasText: 'Invalid email or password' })).toBeVisible()
  await expect(page).toHaveURL(/\/auth$/)
})

test('sign-up: every validation message, the name checked live', async ({ page }) => {
  await page.goto('/auth')
  await page.getByRole('button', { name: 'Sign up', exact: true }).click()
  const name = page.getByLabel('Name')
  const password = page.getByLabel('Password', { exact: true })

  // spec §5: the name is "also checked live".
  await name.pressSequentially('Ada 2')
  await expect(name).toHaveAccessibleDescription('Name cannot contain numbers or special characters.')
  await name.fill('')
  await page.getByRole('button', { name: 'Sign up', exact: true }).click()
  await expect(name).toHaveAccessibleDescription('Name is a required field.')
  await expect(page.getByLabel('Email')).toHaveAccessibleDescription('Please enter a valid email address.')
  for (const rule of [
    'Password must be at least 8 characters long.',
    'Password must contain at least one uppercase letter.',
    'Password must contain at least one lowercase letter.',
    'Password must contain at least one number.',
    'Password must contain at least one special character (@$!%*?&).',
  ]) {
    await expect(card(page).getByText(rule, { exact: true })).toBeVisible()
  }
  await expectNoSeriousA11yViolations(page)

  // Each rule goes away on its own as the password meets it.
  await password.fill('abcdefgh')
  await expect(card(page).getByText('Password must be at least 8 characters long.')).toBeHidden()
  await expect(card(page).getByText('Password must contain at least one lowercase letter.')).toBeHidden()
  await expect(card(page).getByText('Password must contain at least one uppercase letter.')).toBeVisible()
  await password.fill('Abcdefg1!')
  await expect(password).not.toHaveAttribute('aria-invalid')
  await expect(page.getByRole('dialog')).toBeHidden()
})

test('sign-up: an email already registered', async ({ page }) => {
  const account = await createVerifiedAccount()
  await page.goto('/auth')
  await page.getByRole('button', { name: 'Sign up', exact: true }).click()
  await page.getByLabel('Name').fill('Ada Again')
  await page.getByLabel('Email').fill(account.email)
  await page.getByLabel('Password', { exact: true }).fill('Passw0rd!')
  await page.getByRole('button', { name: 'Sign up', exact: true }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Agree' }).click()
  await expect(card(page).getByRole('alert').filter({ hasText: 'This email is already registered' })).toBeVisible()
})

test('forgot password: email rule and an unknown account', async ({ page }) => {
  await page.goto('/auth')
  await page.getByRole('button', { name: 'Forgot password?' }).click()
  await page.getByRole('button', { name: 'Send reset link' }).click()
  await expect(page.getByLabel('Email')).toHaveAccessibleDescription('Please enter a valid email address.')
  await page.getByLabel('Email').fill(uniqueEmail('nobody'))
  await page.getByRole('button', { name: 'Send reset link' }).click()
  await expect(card(page).getByRole('alert').filter({ hasText: 'No account found with this email' })).toBeVisible()
  await expectNoSeriousA11yViolations(page)
})

test('sign-up messages in German', async ({ page }) => {
  await useLocale(page, 'de')
  await page.goto('/auth')
  await expect(page.getByRole('heading', { level: 1, name: 'Anmelden' })).toBeVisible()
  await page.getByRole('button', { name: 'Registrieren', exact: true }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Konto erstellen' })).toBeVisible()
  await page.getByLabel('Name').pressSequentially('Jürgen 2')
  await expect(page.getByLabel('Name')).toHaveAccessibleDescription('Der Name darf keine Zahlen oder Sonderzeichen enthalten.')
  await page.getByLabel('Name').fill('')
  await page.getByRole('button', { name: 'Registrieren', exact: true }).click()
  await expect(page.getByLabel('Name')).toHaveAccessibleDescription('Der Name ist ein Pflichtfeld.')
  await expect(page.getByLabel('E-Mail')).toHaveAccessibleDescription('Bitte gib eine gültige E-Mail-Adresse ein.')
  for (const rule of [
    'Das Passwort muss mindestens 8 Zeichen lang sein.',
    'Das Passwort muss mindestens einen Großbuchstaben enthalten.',
    'Das Passwort muss mindestens einen Kleinbuchstaben enthalten.',
    'Das Passwort muss mindestens eine Ziffer enthalten.',
    'Das Passwort muss mindestens ein Sonderzeichen (@$!%*?&) enthalten.',
  ]) {
    await expect(card(page).getByText(rule, { exact: true })).toBeVisible()
  }
  await page.getByLabel('Name').fill('Jürgen Groß')
  await page.getByLabel('E-Mail').fill(uniqueEmail('de'))
  await page.getByLabel('Passwort', { exact: true }).fill('Passw0rt!')
  await page.getByRole('button', { name: 'Registrieren', exact: true }).click()
  const terms = page.getByRole('dialog', { name: 'Nutzungsbedingungen' })
  await expect(terms.getByRole('button', { name: 'Zustimmen' })).toBeVisible()
  await expectNoSeriousA11yViolations(page)
  await terms.getByRole('button', { name: 'Abbrechen' }).click()
  await expect(terms).toBeHidden()
})
