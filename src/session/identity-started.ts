// Tells the session when the identity SDK has been started by someone else: the
// sign-in screen starts it to sign a visitor in, and the session, which waits on a
// device where nobody is signed in (session-provider.tsx), then starts following it.

const listeners = new Set<() => void>()
let started = false

export function announceIdentityStarted(): void {
  if (started) return
  started = true
  for (const listener of listeners) listener()
}

/** Calls `listener` once the identity SDK runs (at once if it already does); returns a function that stops listening. */
export function onIdentityStarted(listener: () => void): () => void {
  if (started) {
    listener()
    return () => {}
  }
  listeners.add(listener)
  return () => listeners.delete(listener)
}
