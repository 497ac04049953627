import { browserPopupRedirectResolver, EmailAuthProvider, GoogleAuthProvider, reauthenticateWithCredential, reauthenticateWithPopup } from 'firebase/auth'
import { getIdentity } from '@/session/identity'

// A fresh sign-in before deleting the account, as the identity SDK wants
// (docs/decisions/0260): with the password, or with Google in a pop-up. Loaded
// only when the delete dialog opens, with the SDK.

export type SignInMethod = 'password' | 'google'

/** How the signed-in user signs in: password when the account has one, else Google. */
export function signInMethod(): SignInMethod | null {
  const user = getIdentity().currentUser
  if (user === null) return null
  const providers = user.providerData.map((provider) => provider.providerId)
  if (providers.includes('password')) return 'password'
  return providers.includes('google.com') ? 'google' : null
}

function signedInUser() {
  const user = getIdentity().currentUser
  if (user === null || user.email === null) throw new Error('nobody is signed in')
  return { user, email: user.email }
}

export async function confirmWithPassword(password: string): Promise<void> {
  const { user, email } = signedInUser()
  await reauthenticateWithCredential(user, EmailAuthProvider.credential(email, password))
}

export async function confirmWithGoogle(): Promise<void> {
  const { user } = signedInUser()
  const provider = new GoogleAuthProvider()
  provider.setCustomParameters({ prompt: 'select_account' })
  await reauthenticateWithPopup(user, provider, browserPopupRedirectResolver)
}
