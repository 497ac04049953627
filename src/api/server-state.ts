import { QueryClient } from '@tanstack/react-query'

// The server's state as the app holds it (docs/decisions/0300): one QueryClient for the
// app frame, the keys of what it holds, and what each event makes stale. Everything
// held is the signed-in user's own, keyed by their Firebase uid.

/** The signed-in user's record (spec §3, §4 Session), with the credit balance. */
export const userRecordKey = (uid: string) => ['user-record', uid] as const

/** Every gallery view of a user (spec §2 Gallery); src/features/gallery extends it per tab and page. */
export const galleryKey = (uid: string) => ['gallery', uid] as const

export function createServerStateClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Each screen says what a failure means at once (spec §8); nothing is retried behind its back.
        retry: false,
        // The calls judge offline themselves: the gallery reads its saved copy, the record shows its error.
        networkMode: 'always',
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false, networkMode: 'always' },
    },
  })
}

/** After a generation ended: its charge (or refund) and, when it finished, a new video in the gallery. */
export async function afterJobEnded(client: QueryClient, uid: string): Promise<void> {
  await Promise.all([client.invalidateQueries({ queryKey: userRecordKey(uid) }), client.invalidateQueries({ queryKey: galleryKey(uid) })])
}

/**
 * After a sign-out nothing held belongs to anyone signed in: all of it is forgotten, in
 * memory here and on the device by the sign-out clean-up (docs/decisions/0171).
 */
export function afterSignOut(client: QueryClient): void {
  client.cancelQueries().catch(() => undefined)
  client.clear()
}
