import { setupI18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { RouterProvider, createMemoryHistory, createRootRoute, createRouter } from '@tanstack/react-router'
import { render } from '@testing-library/react'
import type { ReactElement } from 'react'
import { onTestFinished, vi } from 'vitest'
import { setTokenSource } from '@/api/http'
import { loadCatalog } from '@/i18n/i18n'
import type { Locale } from '@/i18n/locale'
import { type Session, SessionContext } from '@/session/session'

export const signedOut: Session = { status: 'signed-out' }
export const signedIn: Session = {
  status: 'signed-in',
  user: { uid: 'uid-ada', email: 'ada@example.com', displayName: 'Ada Lovelace' },
  record: null,
  credits: 10,
}

/** Renders a support screen as the app would: a router (for links), Lingui and a session. */
export async function renderSupport(ui: ReactElement, options: { session?: Session; locale?: Locale } = {}) {
  const { session = signedOut, locale = 'en' } = options
  // jsdom has no scrolling; the router resets the scroll after each navigation.
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined)
  const i18n = setupI18n()
  i18n.loadAndActivate({ locale, messages: locale === 'en' ? {} : await loadCatalog(locale) })
  const router = createRouter({
    routeTree: createRootRoute({ component: () => ui }),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  })
  await router.load()
  return render(
    <I18nProvider i18n={i18n}>
      <SessionContext value={session}>
        <RouterProvider router={router} />
      </SessionContext>
    </I18nProvider>,
  )
}

export interface SentRequest {
  url: string
  body: unknown
  /** The Authorization header, null when none was sent. */
  authorization: string | null
}

/**
 * Answers every fetch with JSON, like the server's `{ success, message }`, and
 * records what was sent (read at send time: ky reuses the Request afterwards).
 */
export function answerFetch(body: unknown, status = 200) {
  const sent: SentRequest[] = []
  const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = new Request(input instanceof Request ? input.clone() : String(input), init)
    sent.push({ url: new URL(request.url).pathname, body: await request.json(), authorization: request.headers.get('authorization') })
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
  })
  return { spy, sent }
}

/** Holds every fetch until the returned function answers it with JSON. */
export function holdFetch(): (body: unknown) => void {
  let answer: ((response: Response) => void) | undefined
  const pending = new Promise<Response>((resolve) => {
    answer = resolve
  })
  vi.spyOn(globalThis, 'fetch').mockReturnValue(pending)
  return (body) => answer?.(Response.json(body))
}

/** Lets the API client send `token` as the signed-in user's bearer token, for this test only. */
export function useToken(token: string): void {
  setTokenSource({ getToken: async () => token, onRejected: () => {} })
  onTestFinished(() => setTokenSource(null))
}
