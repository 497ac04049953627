import { act, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { renderInRouter, signedIn, signedOut } from '@/app/testing/render-in-router'
import { TopBar } from './top-bar'

const noSignOut = () => Promise.resolve()

describe('TopBar', () => {
  it('offers sign-in and plans to a signed-out visitor', async () => {
    await renderInRouter(<TopBar onSignOut={noSignOut} />, { session: signedOut, path: '/gallery' })
    expect(await screen.findByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/auth')
    expect(screen.getByRole('link', { name: 'view plans' })).toHaveAttribute('href', '/purchase')
    expect(screen.queryByRole('button', { name: 'Sign out' })).not.toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Actorly' })).toHaveAttribute('href', '/ugc-actor')
  })

  it('greets a signed-in user and shows the balance to two decimals', async () => {
    await renderInRouter(<TopBar onSignOut={noSignOut} />, { session: signedIn(12.5), path: '/gallery' })
    expect(await screen.findByText('Welcome, Ada')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: '12.50 credits' })).toHaveAttribute('href', '/purchase')
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

  it('says the balance is unavailable in the bar and, in full, in the phone menu (spec §8), in English and German', async () => {
    const failed = { ...signedIn(null), recordError: { status: 503, statusText: 'Service Unavailable' } }
    const view = await renderInRouter(<TopBar onSignOut={noSignOut} />, { session: failed })
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Balance unavailable (Error: 503 Service Unavailable)')
    expect(screen.getByRole('link', { name: 'Balance unavailable (Error: 503 Service Unavailable)' })).toHaveAttribute('href', '/purchase')
    expect(screen.getAllByText('Balance unavailable (Error: 503 Service Unavailable)')).toHaveLength(2)
    view.unmount()

    const offline = { ...signedIn(null), recordError: { status: null, statusText: '' } }
    await renderInRouter(<TopBar onSignOut={noSignOut} />, { session: offline, locale: 'de' })
    expect(await screen.findByRole('alert')).toHaveTextContent('Guthaben nicht verfügbar (keine Verbindung)')
  })

  it('greets by email when there is no display name', async () => {
    await renderInRouter(<TopBar onSignOut={noSignOut} />, { session: signedIn(1, null) })
    expect(await screen.findByText('Welcome, ada@example.com')).toBeInTheDocument()
  })

  it('signs out, and says so when that fails', async () => {
    const onSignOut = vi.fn<() => Promise<void>>(() => Promise.reject(new Error('offline')))
    await renderInRouter(<TopBar onSignOut={onSignOut} />, { session: signedIn(1) })
    await userEvent.click(await screen.findByRole('button', { name: 'Sign out' }))
    expect(onSignOut).toHaveBeenCalledOnce()
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to sign out')
  })

  it('highlights the current screen', async () => {
    const { router } = await renderInRouter(<TopBar onSignOut={noSignOut} />, { path: '/gallery' })
    const nav = await screen.findByRole('navigation', { name: 'Main' })
    expect(within(nav).getByRole('link', { name: 'Gallery' })).toHaveAttribute('aria-current', 'page')
    expect(within(nav).getByRole('link', { name: 'UGC Actor' })).not.toHaveAttribute('aria-current')
    await userEvent.click(within(nav).getByRole('link', { name: 'UGC Actor' }))
    expect(router.state.location.pathname).toBe('/ugc-actor')
    expect(within(nav).getByRole('link', { name: 'UGC Actor' })).toHaveAttribute('aria-current', 'page')
    expect(within(nav).getByRole('link', { name: 'Gallery' })).not.toHaveAttribute('aria-current')
  })

  it('opens and closes the menu with its toggle, Escape and navigation', async () => {
    const user = userEvent.setup()
    const { router } = await renderInRouter(<TopBar onSignOut={noSignOut} />, { path: '/gallery' })
    const toggle = await screen.findByRole('button', { name: 'Menu' })
    const menu = document.getElementById(toggle.getAttribute('aria-controls') ?? '')
    expect(menu).toContainElement(screen.getByRole('navigation', { name: 'Main' }))
    expect(toggle).toHaveAttribute('aria-expanded', 'false')
    expect(menu).toHaveAttribute('data-open', 'false')

    await user.click(toggle)
    expect(toggle).toHaveAttribute('aria-expanded', 'true')
    expect(menu).toHaveAttribute('data-open', 'true')
    await user.keyboard('{Escape}')
    expect(toggle).toHaveAttribute('aria-expanded', 'false')
    expect(toggle).toHaveFocus()

    await user.click(toggle)
    await user.click(screen.getByRole('link', { name: 'UGC Actor' }))
    expect(router.state.location.pathname).toBe('/ugc-actor')
    expect(toggle).toHaveAttribute('aria-expanded', 'false')

    await user.click(toggle)
    await act(() => router.navigate({ to: '/gallery' }))
    expect(toggle).toHaveAttribute('aria-expanded', 'false')
  })
})
