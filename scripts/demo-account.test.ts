import { describe, expect, inject, it } from 'vitest'
import { signIn, TEST_PROJECT_ID, uniqueEmail } from '../server/testing/emulator-accounts.ts'
import { demoAccountFrom, ensureDemoAccount, LOCAL_DEMO_ACCOUNT } from './demo-account.ts'

// `npm start`'s demo account (spec §6) against the real Auth Emulator the server tests run.

const host = inject('authEmulatorHost')

async function lookup(email: string) {
  const response = await fetch(`http://${host}/identitytoolkit.googleapis.com/v1/projects/${TEST_PROJECT_ID}/accounts:lookup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
    body: JSON.stringify({ email: [email] }),
  })
  const { users } = (await response.json()) as { users?: { localId: string; emailVerified?: boolean; displayName?: string }[] }
  return users ?? []
}

describe('the demo account of npm start', () => {
  it('defaults to a known email and password, and takes DEMO_ACCOUNT_EMAIL / DEMO_ACCOUNT_PASSWORD', () => {
    expect(demoAccountFrom({})).toEqual(LOCAL_DEMO_ACCOUNT)
    expect(demoAccountFrom({ DEMO_ACCOUNT_EMAIL: ' Demo@Example.TEST ', DEMO_ACCOUNT_PASSWORD: 'Other-Passw0rd!' })).toMatchObject({
      email: 'demo@example.test',
      password: 'Other-Passw0rd!',
    })
  })

  it('is made verified with its name, signs in with the printed password, and making it again changes nothing else', async () => {
    const account = demoAccountFrom({ DEMO_ACCOUNT_EMAIL: uniqueEmail('demo') })
    const uid = await ensureDemoAccount(host, TEST_PROJECT_ID, account)
    const [user] = await lookup(account.email)
    expect(user).toMatchObject({ localId: uid, emailVerified: true, displayName: 'Demo Account' })
    expect(await signIn(host, account.email, account.password)).toMatch(/\S+/)

    // A second start finds it: same uid, the password it prints still works.
    expect(await ensureDemoAccount(host, TEST_PROJECT_ID, { ...account, password: 'Changed-Passw0rd!' })).toBe(uid)
    expect(await lookup(account.email)).toHaveLength(1)
    expect(await signIn(host, account.email, 'Changed-Passw0rd!')).toMatch(/\S+/)
    await expect(signIn(host, account.email, account.password)).rejects.toThrow(/INVALID/)
  })
})
