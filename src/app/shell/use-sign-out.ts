import { useSessionActions } from '@/session/session'

/** What the top bar's Sign out button runs (spec §4: sign-out clears the stored session). */
export function useSignOut(): () => Promise<void> {
  return useSessionActions().signOut
}
