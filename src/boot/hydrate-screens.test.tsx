import { act } from '@testing-library/react'
import { createMemoryHistory } from '@tanstack/react-router'
import { hydrateRoot } from 'react-dom/client'
import { describe, expect, it, vi } from 'vitest'
import { APP_SCREENS } from '@contract/screens'
import { activateLocale } from '@/i18n/i18n'
import { createAppRouter } from '@/router'
import { AppRoot } from './app-root'
import { standInQuietBrowser } from '@/test/quiet-browser'
import { renderScreen } from './prerender'

// The app takes over each screen's HTML by hydrating it (docs/decisions/0208): its
// first render for a visitor must be the HTML the build rendered, node for node, or
// React throws the HTML away and draws the screen again (a flash, and the visitor's
// typing gone). These tests hydrate the real prerender of every app screen with the
// app, as the browser does.

standInQuietBrowser()

async function hydrate(screen: string, locale: 'en' | 'de', hydrating: boolean): Promise<unknown[]> {
  const problems: unknown[] = []
  // The server and the client renderer run in one process here; React says so once.
  const consoleError = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    if (!String(args[0]).startsWith('Detected multiple renderers')) problems.push(args)
  })
  const { html } = await renderScreen(screen, locale)
  const container = document.createElement('div')
  container.innerHTML = html
  document.body.append(container)
  const router = createAppRouter({ history: createMemoryHistory({ initialEntries: [screen] }), hydrating })
  await Promise.all([activateLocale(locale), router.load()])
  await act(async () => {
    hydrateRoot(container, <AppRoot router={router} />, { onRecoverableError: (error) => void problems.push(error) })
  })
  consoleError.mockRestore()
  return problems
}

// Each test renders and hydrates a whole screen twice: seconds on a machine busy with the other suites.
describe('every app screen the build rendered', { timeout: 30_000 }, () => {
  for (const screen of APP_SCREENS) {
    it(`${screen} is hydrated as it was rendered, in English and German`, async () => {
      expect(await hydrate(screen, 'en', true)).toEqual([])
      document.body.replaceChildren()
      expect(await hydrate(screen, 'de', true)).toEqual([])
    })
  }

  it('would not be without the router drawing the tree it drew at build time', async () => {
    expect(await hydrate('/terms', 'en', false)).not.toEqual([])
  })
})
