import { randomUUID } from 'node:crypto'

// Accounts in the Firebase Auth Emulator, made over its REST API (the same
// calls the identity service's web SDK makes). `Bearer owner` is the
// emulator's admin credential.

export const TEST_PROJECT_ID = 'demo-actorly'
const API_KEY = 'demo-api-key'

export interface EmulatorAccount {
  uid: string
  email: string
  password: string
  idToken: string
}

async function call<T>(host: string, pathAndQuery: string, body: unknown, admin = false): Promise<T> {
  const response = await fetch(`http://${host}/identitytoolkit.googleapis.com/v1/${pathAndQuery}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(admin ? { authorization: 'Bearer owner' } : {}) },
    body: JSON.stringify(body),
  })
  const text = await response.text()
  if (!response.ok) throw new Error(`auth emulator ${pathAndQuery}: ${response.status} ${text}`)
  return JSON.parse(text)
}

export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.test`
}

export async function signIn(host: string, email: string, password: string): Promise<string> {
  const result = await call<{ idToken: string }>(host, `accounts:signInWithPassword?key=${API_KEY}`, {
    email,
    password,
    returnSecureToken: true,
  })
  return result.idToken
}

/** Signs up an account (optionally marking its email verified) and signs in to get a fresh ID token. */
export async function createEmulatorAccount(
  host: string,
  options: { email?: string; displayName?: string; verified?: boolean } = {},
): Promise<EmulatorAccount> {
  const email = (options.email ?? uniqueEmail()).toLowerCase()
  const password = 'Passw0rd!'
  const created = await call<{ localId: string }>(host, `accounts:signUp?key=${API_KEY}`, {
    email,
    password,
    displayName: options.displayName,
    returnSecureToken: true,
  })
  if (options.verified !== false) {
    await call(host, `projects/${TEST_PROJECT_ID}/accounts:update`, { localId: created.localId, emailVerified: true }, true)
  }
  return { uid: created.localId, email, password, idToken: await signIn(host, email, password) }
}

/** Revokes every token issued so far (firebase-admin's revokeRefreshTokens does the same). */
export async function revokeTokens(host: string, uid: string): Promise<void> {
  // validSince is in seconds; tokens issued in the same second count as revoked.
  await call(host, `projects/${TEST_PROJECT_ID}/accounts:update`, { localId: uid, validSince: String(Math.ceil(Date.now() / 1000)) }, true)
}

export async function disableAccount(host: string, uid: string): Promise<void> {
  await call(host, `projects/${TEST_PROJECT_ID}/accounts:update`, { localId: uid, disableUser: true }, true)
}
