import { I18nProvider } from '@lingui/react'
import { act } from '@testing-library/react'
import { StrictMode } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { describe, expect, it, vi } from 'vitest'
import { i18n } from '@/i18n/i18n'
import { LandingIsland } from './landing-island'
import { standInQuietBrowser } from '@/test/quiet-browser'
import { renderScreen } from './prerender'

// The landing's HTML is rendered by the app's router at build time and brought to life
// by the landing island without the router (docs/decisions/0202). If the two trees
// drift apart, React throws the HTML away and draws the page again: a flash. These
// tests hydrate the real prerender with the island, as the browser does.

standInQuietBrowser()

/** Collects what React logs, but for the test's own artefact: the server and the client renderer run in one process here. */
function watchConsoleErrors(problems: unknown[]) {
  return vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    if (String(args[0]).startsWith('Detected multiple renderers')) return
    problems.push(args)
  })
}

async function hydrateLanding(locale: 'en' | 'de') {
  const problems: unknown[] = []
  const consoleError = watchConsoleErrors(problems)
  const { html, title, description } = await renderScreen('/', locale)
  const container = document.createElement('div')
  container.innerHTML = html
  document.body.append(container)
  const before = container.innerHTML
  await act(async () => {
    hydrateRoot(
      container,
      <StrictMode>
        <I18nProvider i18n={i18n}>
          <LandingIsland />
        </I18nProvider>
      </StrictMode>,
      { onRecoverableError: (error) => void problems.push(error) },
    )
  })
  consoleError.mockRestore()
  return { container, before, problems, title, description }
}

describe('the prerendered landing', () => {
  it('hydrates without a mismatch, keeping every node the build rendered', async () => {
    const { container, before, problems } = await hydrateLanding('en')
    expect(problems).toEqual([])
    const hero = container.querySelector('h1')
    expect(hero?.textContent).toBe('Create digital humans that speak for you')
    // The carousel fills its track once near the screen; everything above it is as rendered.
    expect(container.innerHTML.slice(0, before.indexOf('samples__track'))).toBe(before.slice(0, before.indexOf('samples__track')))
  })

  it('is rendered in German with the German title and description', async () => {
    const { container, problems, title, description } = await hydrateLanding('de')
    expect(problems).toEqual([])
    expect(container.querySelector('h1')?.textContent).toBe('Erschaffe digitale Menschen, die für dich sprechen')
    expect(title).toBe('Actorly – KI-Videodarsteller auf deinem Handy')
    expect(description).toMatch(/^Erstelle kurze Hochformat-KI-Videos/)
  })

  it('has real links to the screens it names, for visitors without JavaScript', async () => {
    const problems: unknown[] = []
    const consoleError = watchConsoleErrors(problems)
    const { html } = await renderScreen('/', 'en')
    consoleError.mockRestore()
    expect(problems).toEqual([])
    for (const href of ['/ugc-actor', '/demo', '/consistent-actor', '/privacy', '/terms', '/contact']) expect(html).toContain(`href="${href}"`)
  })
})
