// Which Firebase Auth project the app signs in against (on the
// embedded defaults the app talks to the auth emulator, in production to a real
// project, by configuration: docs/decisions/0101). Read at build time from VITE_FIREBASE_* (see
// README "Configuration"); with none set, the embedded default is the local
// Auth Emulator that `npm start` runs (decision 0101).

export interface IdentityConfig {
  apiKey: string
  authDomain: string
  projectId: string
  appId: string | undefined
  /** The Auth Emulator's URL, or null for the real identity service. */
  emulatorUrl: string | null
}

export const EMBEDDED_EMULATOR_URL = 'http://127.0.0.1:9099'

type Env = Partial<Record<string, string>>

export function readIdentityConfig(env: Env): IdentityConfig {
  const projectId = env.VITE_FIREBASE_PROJECT_ID || 'demo-actorly'
  const explicitEmulator = env.VITE_AUTH_EMULATOR_URL
  // A real project (no "demo-" prefix) never talks to an emulator unless told to.
  const emulatorUrl = explicitEmulator === 'off' ? null : explicitEmulator || (projectId.startsWith('demo-') ? EMBEDDED_EMULATOR_URL : null)
  return {
    apiKey: env.VITE_FIREBASE_API_KEY || 'demo-api-key',
    authDomain: env.VITE_FIREBASE_AUTH_DOMAIN || `${projectId}.firebaseapp.com`,
    projectId,
    appId: env.VITE_FIREBASE_APP_ID || undefined,
    emulatorUrl,
  }
}

export const identityConfig: IdentityConfig = readIdentityConfig(import.meta.env)
