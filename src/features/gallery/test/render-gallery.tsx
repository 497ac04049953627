import { setupI18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { QueryClientProvider } from '@tanstack/react-query'
import { RouterProvider, createMemoryHistory, createRootRoute, createRouter } from '@tanstack/react-router'
import { act, configure, render, screen } from '@testing-library/react'
import type { ReactElement } from 'react'
import { afterEach, beforeEach, vi } from 'vitest'
import { createServerStateClient } from '@/api/server-state'
import { deviceDb } from '@/device/device-db'
import { type Session, SessionActionsContext, SessionContext } from '@/session/session'

export const signedOut: Session = { status: 'signed-out' }
export const signedInAda: Session = {
  status: 'signed-in',
  user: { uid: 'uid-ada', email: 'ada@example.com', displayName: 'Ada Lovelace' },
  record: { _id: 'user-ada', email: 'ada@example.com', name: 'Ada Lovelace', credits: 10, isCurrentlyGenerating: false },
  credits: 10,
}

/** Renders a gallery screen as the app would: a router (for links), Lingui (English), the server's state and a session. */
export async function renderGallery(ui: ReactElement, session: Session = signedInAda) {
  // The collections load on demand in the app (collections-loader.ts); here their code is warmed up
  // first, so a test's time limit measures the screen, not the test runner transforming Dexie and Radix.
  await import('../gallery-collections')
  const i18n = setupI18n()
  i18n.loadAndActivate({ locale: 'en', messages: {} })
  const router = createRouter({
    routeTree: createRootRoute({ component: () => ui }),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  })
  await router.load()
  const actions = {
    refreshUser: vi.fn<() => void>(),
    adjustCredits: vi.fn<(delta: number) => void>(),
    signOut: vi.fn<() => Promise<void>>(() => Promise.resolve()),
  }
  const serverState = createServerStateClient()
  const view = render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={serverState}>
        <SessionContext value={session}>
          <SessionActionsContext value={actions}>
            <RouterProvider router={router} />
          </SessionActionsContext>
        </SessionContext>
      </QueryClientProvider>
    </I18nProvider>,
  )
  return { ...view, actions, serverState }
}

/** The gallery's cards, by their accessible names. */
export const cards = () => screen.getAllByRole('button', { name: /^Preview: / })

/** Switches navigator.onLine and tells the page, as the browser does. */
export function setOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online)
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'))
  })
}

/**
 * The gallery screens' test set-up: a clean device database before each test and
 * no stubs left after it. Several fetches and IndexedDB round trips per render:
 * a loaded machine gets time (no speed is asserted).
 */
export function cleanGalleryDeviceAroundEachTest(): void {
  configure({ asyncUtilTimeout: 5000 })
  beforeEach(async () => {
    await deviceDb.galleryPages.clear()
    await deviceDb.keptVideos.clear()
    await deviceDb.keptVideoChunks.clear()
  })
  afterEach(() => {
    vi.restoreAllMocks()
    vi.unstubAllGlobals()
  })
}
