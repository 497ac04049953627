import { APP_LIVE_MARK } from '../../src/boot/prerendered-page.ts'
import { expect, test } from './support/fixtures.ts'

// A painted screen responds on every engine (docs/decisions/0208): a tap made as soon
// as the page has loaded, before the app has taken the screen over, takes effect once
// it has. The first click used to be lost while the screen waited for the app.

test('a tap on "Sign up" as soon as /auth has loaded opens the sign-up form', async ({ phone }) => {
  await phone.goto('/auth')
  await phone.getByRole('button', { name: 'Sign up' }).click()
  await phone.getByRole('heading', { level: 1, name: 'Create your account' }).shown()
  await phone.getByLabel('Name').shown()
  await expect.poll(() => phone.evaluate((mark) => performance.getEntriesByName(mark).length, APP_LIVE_MARK)).toBe(1)
})

test('a tap on a template as soon as /ugc-actor has loaded fills the prompt', async ({ phone }) => {
  await phone.goto('/ugc-actor')
  const main = phone.getByRole('main')
  await main.getByRole('button', { name: /Office pitch/ }).click()
  await main.getByLabel('Prompt', { exact: true }).hasValue(/businesswoman/)
})
