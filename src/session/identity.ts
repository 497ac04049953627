import { initializeApp } from 'firebase/app'
import {
  type Auth,
  connectAuthEmulator,
  indexedDBLocalPersistence,
  browserLocalPersistence,
  initializeAuth,
} from 'firebase/auth'
import { identityConfig } from './identity-config'

// The Firebase Auth instance. This module (and the Firebase SDK with it) is
// loaded lazily after the first render, so the landing page does not pay for
// the identity SDK before it paints (quality.md: JS budget, LCP).

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
  return auth
}
