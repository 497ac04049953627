import { setupI18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { RouterProvider, createMemoryHistory, createRootRoute, createRouter } from '@tanstack/react-router'
import { act, render } from '@testing-library/react'
import { type ReactElement, useSyncExternalStore } from 'react'
import { type Session, SessionContext } from '@/session/session'

export const signedOut: Session = { status: 'signed-out' }
/** Ada, signed in with this balance. */
export function adaWithCredits(credits: number): Session {
  return {
    status: 'signed-in',
    user: { uid: 'uid-ada', email: 'ada@example.com', displayName: 'Ada Lovelace' },
    record: { _id: 'user-ada', email: 'ada@example.com', name: 'Ada Lovelace', credits, isCurrentlyGenerating: false },
    credits,
  }
}
export const signedInAda: Session = adaWithCredits(10)

/** Renders a generator screen as the app would: a router (for links), Lingui (English) and a session. */
export async function renderGenerator(ui: ReactElement, session: Session = signedInAda) {
  const i18n = setupI18n()
  i18n.loadAndActivate({ locale: 'en', messages: {} })
  // The screen under test lives in a tiny store, so a test can show it with new props.
  let current = ui
  const listeners = new Set<() => void>()
  const subscribe = (listener: () => void) => {
    listeners.add(listener)
    return () => listeners.delete(listener)
  }
  const Screen = () => useSyncExternalStore(subscribe, () => current)
  const router = createRouter({
    routeTree: createRootRoute({ component: Screen }),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  })
  await router.load()
  // The voice and caption queries live in the app's query client; each render gets its own, without retries.
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  const view = render(
    <QueryClientProvider client={client}>
      <I18nProvider i18n={i18n}>
        <SessionContext value={session}>
          <RouterProvider router={router} />
        </SessionContext>
      </I18nProvider>
    </QueryClientProvider>,
  )
  const rerender = (next: ReactElement) =>
    act(() => {
      current = next
      for (const listener of listeners) listener()
    })
  return { ...view, rerender }
}
