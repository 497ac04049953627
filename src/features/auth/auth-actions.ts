import type * as IdentityCalls from './identity-calls'

// The identity calls, loaded on first use (the Firebase SDK is not part of the
// page's first paint; session/identity.ts).

export function identityCalls(): Promise<typeof IdentityCalls> {
  return import('./identity-calls')
}
