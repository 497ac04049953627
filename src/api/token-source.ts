// Where the API client gets the caller's ID token (spec §6). Its own small module,
// so the session can register a source without loading the HTTP client itself.

export interface TokenSource {
  /** The current ID token, or null when nobody is signed in. `forceRefresh` asks the identity service for a new one. */
  getToken(forceRefresh: boolean): Promise<string | null>
  /** Called when a fresh token is still refused: the session has ended. */
  onRejected(): void
  /** The server says the signed-in account was deleted (on another device too): this device forgets it (docs/decisions/0260). Without it, onRejected. */
  onAccountDeleted?(): void
}

let tokenSource: TokenSource | null = null

export function setTokenSource(source: TokenSource | null): void {
  tokenSource = source
}

export function currentTokenSource(): TokenSource | null {
  return tokenSource
}

/** The bearer token for a call made without ky (an upload that reports its progress); null when signed out. */
export async function currentToken(forceRefresh: boolean): Promise<string | null> {
  return (await tokenSource?.getToken(forceRefresh)) ?? null
}

/** A call made without ky was refused with a fresh token: the session has ended, as for ky's calls. */
export function tokenRefused(): void {
  tokenSource?.onRejected()
}
