// `npm start` has no mail server: the Auth Emulator prints each email it would
// send ("To verify the email address a@b.c, follow this link: …"). This turns
// those lines into links to the app's own /auth page (which applies the code,
// spec §2 Auth page, §4 Sign-up), so a newcomer can verify and reset locally.

const EMAIL_LINE = /To (verify the email address|reset the password for) (\S+), follow this link: (\S+)/

export interface EmailedLink {
  email: string
  purpose: 'verify' | 'reset'
  /** The app's page that completes the action. */
  appUrl: string
}

export function emailedLinkFrom(line: string, appOrigin: string): EmailedLink | null {
  const match = EMAIL_LINE.exec(line)
  if (match === null) return null
  const [, action, email, link] = match
  let code: string | null
  try {
    code = new URL(link ?? '').searchParams.get('oobCode')
  } catch {
    return null
  }
  if (!code || !email) return null
  const purpose = action?.startsWith('verify') ? 'verify' : 'reset'
  const mode = purpose === 'verify' ? 'verifyEmail' : 'resetPassword'
  return { email, purpose, appUrl: `${appOrigin}/auth?mode=${mode}&oobCode=${encodeURIComponent(code)}` }
}
