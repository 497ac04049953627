import ky, { type KyInstance } from 'ky'
import { currentTokenSource } from './token-source'

// The one HTTP client for the product server (spec §6: "Every server request
// carries the user's ID token in an Authorization header (bearer style)").
// The session registers where tokens come from; a 401 refreshes the token once
// and retries, and a second 401 signs the user out (spec §4 Session).

export { currentToken, setTokenSource, tokenRefused, type TokenSource } from './token-source'

/** Whether a 401 says the account is gone rather than the token stale. */
async function saysAccountDeleted(response: Response): Promise<boolean> {
  try {
    const body: unknown = await response.clone().json()
    return typeof body === 'object' && body !== null && 'code' in body && body.code === 'account_deleted'
  } catch {
    return false
  }
}

async function withToken(request: Request, forceRefresh: boolean): Promise<void> {
  const token = await currentTokenSource()?.getToken(forceRefresh)
  if (token) request.headers.set('authorization', `Bearer ${token}`)
}

/**
 * Same-origin API client. The explicit base also works where Request cannot
 * resolve relative URLs (jsdom in component tests). Ordinary retries are off
 * (a start call must never be sent twice); the single forced retry below only
 * repeats a request the server refused with 401, which changed nothing.
 * Callers must not override `retry`.
 */
export const api: KyInstance = ky.create({
  baseUrl: typeof window === 'undefined' ? 'http://127.0.0.1' : window.location.origin,
  retry: { limit: 1, methods: [], statusCodes: [], afterStatusCodes: [] },
  timeout: 30_000,
  hooks: {
    beforeRequest: [({ request }) => withToken(request, false)],
    afterResponse: [
      async ({ request, response, retryCount }) => {
        // Only a refused token ends a session; a visitor's call without one just gets its 401.
        const tokenSource = currentTokenSource()
        if (response.status !== 401 || tokenSource === null || !request.headers.has('authorization')) return
        // No new token helps a deleted account: forget it at once.
        if (await saysAccountDeleted(response)) {
          if (tokenSource.onAccountDeleted) tokenSource.onAccountDeleted()
          else tokenSource.onRejected()
          return
        }
        if (retryCount > 0) {
          tokenSource.onRejected()
          return
        }
        const fresh = await tokenSource.getToken(true).catch(() => null)
        if (fresh === null) {
          // No new token to be had (signed out elsewhere, account disabled): the session has ended.
          tokenSource.onRejected()
          return
        }
        return ky.retry({ delay: 0, code: 'TOKEN_REFRESHED' })
      },
    ],
    beforeRetry: [({ request }) => withToken(request, false)],
  },
})
