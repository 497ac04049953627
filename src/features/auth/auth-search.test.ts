import { describe, expect, it } from 'vitest'
import { emailedLinkOf, parseAuthSearch } from './auth-search'

const linkOf = (search: Record<string, unknown>) => emailedLinkOf(parseAuthSearch(search))

describe('/auth search (emailed links: ?mode=...&oobCode=...)', () => {
  it('is the plain card without a query', () => {
    expect(linkOf({})).toBeNull()
  })
  it('reads a reset-password link and a verify-email link', () => {
    expect(linkOf({ mode: 'resetPassword', oobCode: 'abc', apiKey: 'k', lang: 'en' })).toEqual({ mode: 'resetPassword', oobCode: 'abc' })
    expect(linkOf({ mode: 'verifyEmail', oobCode: 'xyz' })).toEqual({ mode: 'verifyEmail', oobCode: 'xyz' })
  })
  it.each([
    { mode: 'resetPassword' },
    { mode: 'resetPassword', oobCode: '  ' },
    { mode: 'recoverEmail', oobCode: 'abc' },
    { mode: 42, oobCode: 'abc' },
    { oobCode: 'abc' },
  ])('ignores an incomplete or unknown link %j', (search) => {
    expect(linkOf(search)).toBeNull()
  })
})
