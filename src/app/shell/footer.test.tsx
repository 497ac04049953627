import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderInRouter, signedIn, signedOut } from '@/app/testing/render-in-router'
import { Footer } from './footer'

describe('Footer', () => {
  it('links privacy, terms and contact, but not report, for a signed-out visitor', async () => {
    await renderInRouter(<Footer withLanguageSwitcher={false} />, { session: signedOut })
    const nav = await screen.findByRole('navigation', { name: 'Footer' })
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/privacy', '/terms', '/contact'])
    expect(screen.queryByRole('link', { name: 'Report' })).not.toBeInTheDocument()
  })

  it('adds the report link for a signed-in user (spec §2, §6)', async () => {
    await renderInRouter(<Footer withLanguageSwitcher={false} />, { session: signedIn(3) })
    expect(await screen.findByRole('link', { name: 'Report' })).toHaveAttribute('href', '/report')
  })

  it('carries the language picker only when asked to (screens without a top bar)', async () => {
    const first = await renderInRouter(<Footer withLanguageSwitcher={false} />)
    await screen.findByRole('navigation', { name: 'Footer' })
    expect(screen.queryByRole('radiogroup', { name: 'Language' })).not.toBeInTheDocument()
    first.unmount()
    await renderInRouter(<Footer withLanguageSwitcher />)
    expect(await screen.findByRole('radiogroup', { name: 'Language' })).toBeInTheDocument()
    expect(screen.getByText(/© \d{4} Actorly/)).toBeInTheDocument()
  })
})
