import type { User } from 'firebase/auth'
import { describe, expect, it } from 'vitest'
import { toSessionUser } from './identity-watch'

// spec §4: "Sign-in is refused while the email is unverified".
function user(fields: Partial<User>): User {
  return { uid: 'u1', email: 'Ada@Example.com', emailVerified: true, displayName: 'Ada', ...fields } as User
}

describe('toSessionUser', () => {
  it('is a session only for a verified email account', () => {
    expect(toSessionUser(user({}))).toEqual({ uid: 'u1', email: 'ada@example.com', displayName: 'Ada' })
    expect(toSessionUser(user({ emailVerified: false }))).toBeNull()
    expect(toSessionUser(user({ email: null }))).toBeNull()
    expect(toSessionUser(null)).toBeNull()
  })
})
