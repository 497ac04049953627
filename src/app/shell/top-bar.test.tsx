import { act, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderInRouter, signedIn, signedOut } from '@/app/testing/render-in-router'
import type { Session } from '@/session/session'
import { TopBar } from './top-bar'

const noSignOut = () => Promise.resolve()

type SignedIn = Extract<Session, { status: 'signed-in' }>
/** Ada signed in, her record not (yet) fetched, with what the test adds. */
function withSession(extra: Partial<SignedIn>): SignedIn {
  return { status: 'signed-in', user: { uid: 'u1', email: 'ada@example.com', displayName: 'Ada' }, record: null, credits: null, ...extra }
}

/** The account menu's panel, which the toggle controls. */
function menuPanel(): HTMLElement {
  const toggle = screen.getByRole('button', { name: 'Menu' })
  const panel = document.getElementById(toggle.getAttribute('aria-controls') ?? '')
  if (panel === null) throw new Error('the toggle controls nothing')
  return panel
}

/** The bar itself, without the menu (jsdom applies no CSS: the phone's copies of the links are in the panel). */
function bar(): HTMLElement {
  const banner = screen.getByRole('banner')
  const clone = banner.cloneNode(true)
  if (!(clone instanceof HTMLElement)) throw new Error('no banner')
  clone.querySelector(`[id="${menuPanel().id}"]`)?.remove()
  return clone
}

afterEach(() => vi.unstubAllGlobals())

describe('TopBar (spec §2; docs/decisions/0115)', () => {
  it('offers sign-in and plans to a signed-out visitor, in the bar and at the head of the phone menu', async () => {
    await renderInRouter(<TopBar onSignOut={noSignOut} />, { session: signedOut, path: '/gallery' })
    expect(await screen.findAllByRole('link', { name: 'Sign in' })).toHaveLength(2)
    expect(within(menuPanel()).getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/auth')
    expect(screen.getByRole('link', { name: 'view plans' })).toHaveAttribute('href', '/purchase')
    expect(screen.queryByRole('button', { name: 'Sign out' })).not.toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Account' })).not.toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Actorly' })).toHaveAttribute('href', '/ugc-actor')
  })

  it('keeps the account in one menu: the bar holds navigation, credits and the menu button only', async () => {
    await renderInRouter(<TopBar onSignOut={noSignOut} />, { session: signedIn(12.5), path: '/gallery' })
    await screen.findByRole('button', { name: 'Menu' })
    const row = within(bar())
    expect(row.getByRole('link', { name: '12.50 credits' })).toHaveAttribute('href', '/purchase')
    expect(row.getAllByRole('button').map((button) => button.textContent)).toEqual(['AMenu'])
    expect(row.queryByText(/Welcome/)).toBeNull()

    const menu = within(menuPanel())
    expect(menu.getByText('Welcome, Ada')).toBeInTheDocument()
    expect(menu.getByText('ada@example.com')).toBeInTheDocument()
    expect(menu.getByRole('link', { name: 'Account' })).toHaveAttribute('href', '/account')
    expect(menu.getByRole('button', { name: 'Sign out' })).toBeInTheDocument()
    expect(menu.getByRole('radiogroup', { name: 'Language' })).toBeInTheDocument()
    expect(menu.queryByRole('button', { name: 'Download my data' })).toBeNull()
    expect(menu.queryByRole('button', { name: 'Delete my account' })).toBeNull()
    expect(screen.queryByRole('link', { name: 'Sign in' })).not.toBeInTheDocument()
  })

  it('shows 0 for a zero or negative balance and a spinner while loading', async () => {
    for (const balance of [0, -3]) {
      const view = await renderInRouter(<TopBar onSignOut={noSignOut} />, { session: signedIn(balance) })
      expect(await screen.findByRole('link', { name: '0 credits' })).toHaveAttribute('href', '/purchase')
      view.unmount()
    }
    const tiny = await renderInRouter(<TopBar onSignOut={noSignOut} />, { session: signedIn(0.004) })
    expect(await screen.findByRole('link', { name: '0.00 credits' })).toBeInTheDocument()
    tiny.unmount()
    await renderInRouter(<TopBar onSignOut={noSignOut} />, { session: signedIn(null) })
    const credits = await screen.findByRole('link', { name: 'Credits loading' })
    expect(within(credits).getByRole('status', { name: 'Loading credits' })).toBeInTheDocument()
  })

  it('claims nobody is signed out while the first auth state is on its way', async () => {
    await renderInRouter(<TopBar onSignOut={noSignOut} />, { session: { status: 'loading' }, path: '/gallery' })
    const credits = await screen.findByRole('link', { name: 'Credits loading' })
    expect(credits).toHaveAttribute('href', '/purchase')
    expect(screen.queryByRole('link', { name: 'Sign in' })).not.toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'view plans' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Sign out' })).not.toBeInTheDocument()
  })

  it('says an answered balance problem in the bar and, in full, in the menu (spec §8), in English and German', async () => {
    const failed = withSession({ recordError: { status: 503, statusText: 'Service Unavailable' } })
    const view = await renderInRouter(<TopBar onSignOut={noSignOut} />, { session: failed })
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Balance unavailable (Error: 503 Service Unavailable)')
    expect(screen.getByRole('link', { name: 'Balance unavailable (Error: 503 Service Unavailable)' })).toHaveAttribute('href', '/purchase')
    expect(within(menuPanel()).getByText('Balance unavailable (Error: 503 Service Unavailable)')).toBeInTheDocument()
    view.unmount()

    await renderInRouter(<TopBar onSignOut={noSignOut} />, { session: failed, locale: 'de' })
    expect(await screen.findByRole('alert')).toHaveTextContent('Guthaben nicht verfügbar (Fehler: 503 Service Unavailable)')
  })

  it('offline, shows the last known balance with an offline mark, or says it is unavailable when none is known', async () => {
    const noAnswer = { status: null, statusText: '' }
    const view = await renderInRouter(<TopBar onSignOut={noSignOut} />, { session: withSession({ recordError: noAnswer, lastKnownCredits: 7.25 }) })
    const pill = await screen.findByRole('link', { name: '7.25 credits, last known balance (offline)' })
    expect(pill).toHaveTextContent('7.25 credits')
    expect(pill).not.toHaveTextContent(/unavailable/)
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    view.unmount()

    const unknown = await renderInRouter(<TopBar onSignOut={noSignOut} />, { session: withSession({ recordError: noAnswer }), locale: 'de' })
    const offline = await screen.findByRole('link', { name: 'Guthaben nicht verfügbar (keine Verbindung)' })
    expect(offline).toHaveTextContent('Offline')
    unknown.unmount()

    // A balance fetched before the connection dropped is marked as well.
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    await renderInRouter(<TopBar onSignOut={noSignOut} />, { session: signedIn(3) })
    expect(await screen.findByRole('link', { name: '3.00 credits, last known balance (offline)' })).toBeInTheDocument()
    vi.restoreAllMocks()
  })

  it('greets by email when there is no display name, and shows the address once', async () => {
    await renderInRouter(<TopBar onSignOut={noSignOut} />, { session: signedIn(1, null) })
    expect(await screen.findByText('Welcome, ada@example.com')).toBeInTheDocument()
    expect(screen.queryByText('ada@example.com')).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Menu' })).toHaveTextContent('A')
  })

  it('signs out from the menu, and says so when that fails', async () => {
    const onSignOut = vi.fn<() => Promise<void>>(() => Promise.reject(new Error('offline')))
    await renderInRouter(<TopBar onSignOut={onSignOut} />, { session: signedIn(1) })
    await userEvent.click(screen.getByRole('button', { name: 'Menu' }))
    await userEvent.click(within(menuPanel()).getByRole('button', { name: 'Sign out' }))
    expect(onSignOut).toHaveBeenCalledOnce()
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to sign out')
  })

  it('highlights the current screen', async () => {
    const { router } = await renderInRouter(<TopBar onSignOut={noSignOut} />, { path: '/gallery' })
    const nav = within(bar()).getByRole('navigation', { name: 'Main' })
    expect(within(nav).getByRole('link', { name: 'Gallery' })).toHaveAttribute('aria-current', 'page')
    expect(within(nav).getByRole('link', { name: 'UGC Actor' })).not.toHaveAttribute('aria-current')
    const [barNav] = screen.getAllByRole('navigation', { name: 'Main' })
    if (barNav === undefined) throw new Error('no navigation')
    await userEvent.click(within(barNav).getByRole('link', { name: 'UGC Actor' }))
    expect(router.state.location.pathname).toBe('/ugc-actor')
    expect(within(barNav).getByRole('link', { name: 'UGC Actor' })).toHaveAttribute('aria-current', 'page')
    expect(within(barNav).getByRole('link', { name: 'Gallery' })).not.toHaveAttribute('aria-current')
  })

  it('opens and closes the menu with its toggle, Escape, a tap outside and navigation', async () => {
    const user = userEvent.setup()
    const { router } = await renderInRouter(
      <>
        <TopBar onSignOut={noSignOut} />
        <p>Outside</p>
      </>,
      { path: '/gallery' },
    )
    const toggle = await screen.findByRole('button', { name: 'Menu' })
    const menu = menuPanel()
    expect(menu).toContainElement(within(menu).getByRole('navigation', { name: 'Main' }))
    expect(toggle).toHaveAttribute('aria-expanded', 'false')
    expect(menu).toHaveAttribute('data-open', 'false')

    await user.click(toggle)
    expect(toggle).toHaveAttribute('aria-expanded', 'true')
    expect(menu).toHaveAttribute('data-open', 'true')
    await user.keyboard('{Escape}')
    expect(toggle).toHaveAttribute('aria-expanded', 'false')
    expect(toggle).toHaveFocus()

    await user.click(toggle)
    await user.click(within(menu).getByRole('radio', { name: 'English' }))
    expect(toggle).toHaveAttribute('aria-expanded', 'true')
    await user.click(screen.getByText('Outside'))
    expect(toggle).toHaveAttribute('aria-expanded', 'false')

    await user.click(toggle)
    await user.click(within(menu).getByRole('link', { name: 'UGC Actor' }))
    expect(router.state.location.pathname).toBe('/ugc-actor')
    expect(toggle).toHaveAttribute('aria-expanded', 'false')

    await user.click(toggle)
    await act(() => router.navigate({ to: '/gallery' }))
    expect(toggle).toHaveAttribute('aria-expanded', 'false')
  })
})
