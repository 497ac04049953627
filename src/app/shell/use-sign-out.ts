import { useCallback } from 'react'

/**
 * What the top bar's Sign out button runs. The session module (src/session) does
 * not offer sign-out yet; until the accounts issue adds it there, nobody can be
 * signed in, so this is never reached. It fails loudly rather than pretending.
 */
export function useSignOut(): () => Promise<void> {
  return useCallback(() => Promise.reject(new Error('sign-out is not available yet')), [])
}
