import { initializeApp } from 'firebase/app'
import { type Auth, connectAuthEmulator, indexedDBLocalPersistence, browserLocalPersistence, initializeAuth } from 'firebase/auth'
import { identityConfig } from './identity-config'
import { announceIdentityStarted } from './identity-started'

// The Firebase Auth instance. This module (and the Firebase SDK with it) is loaded
// only where it is used: for someone signed in on this device, and by the sign-in
// screen (docs/decisions/0203).

let auth: Auth | undefined

export function getIdentity(): Auth {
  if (auth) return auth
  const { emulatorUrl, ...options } = identityConfig
  const app = initializeApp(options)
  auth = initializeAuth(app, {
    // IndexedDB first (survives restarts, shared across tabs), localStorage where IndexedDB is refused.
    // No popupRedirectResolver here: it would load apis.google.com on every page; the Google
    // sign-in passes it to signInWithPopup itself (src/features/auth).
    persistence: [indexedDBLocalPersistence, browserLocalPersistence],
  })
  if (emulatorUrl) connectAuthEmulator(auth, emulatorUrl, { disableWarnings: true })
  // Whoever started it (the sign-in screen), the session now follows it.
  announceIdentityStarted()
  return auth
}
