import { describe, expect, it } from 'vitest'
import { emailedLinkFrom } from './emailed-links'

describe('emailedLinkFrom', () => {
  it('turns the emulator’s verification and reset lines into links to /auth', () => {
    const verify =
      'To verify the email address ada@example.com, follow this link: http://127.0.0.1:9099/emulator/action?mode=verifyEmail&lang=en&oobCode=AbC_1&apiKey=k'
    expect(emailedLinkFrom(verify, 'http://127.0.0.1:8787')).toEqual({
      email: 'ada@example.com',
      purpose: 'verify',
      appUrl: 'http://127.0.0.1:8787/auth?mode=verifyEmail&oobCode=AbC_1',
    })
    const reset =
      'To reset the password for ada@example.com, follow this link: http://127.0.0.1:9099/emulator/action?mode=resetPassword&oobCode=Z9&apiKey=k&newPassword=NEW_PASSWORD_HERE'
    expect(emailedLinkFrom(reset, 'http://x')?.appUrl).toBe('http://x/auth?mode=resetPassword&oobCode=Z9')
  })

  it('ignores other output', () => {
    expect(emailedLinkFrom('All emulators ready!', 'http://x')).toBeNull()
  })
})
