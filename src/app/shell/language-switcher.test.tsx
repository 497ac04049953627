import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { renderInRouter, signedIn } from '@/app/testing/render-in-router'
import { STORAGE_KEYS } from '@/device/names'
import { TopBar } from './top-bar'

describe('language switch (docs/decisions/0118)', () => {
  afterEach(() => localStorage.clear())

  it('re-renders the top bar in German, sets <html lang> and remembers the choice', async () => {
    await renderInRouter(<TopBar onSignOut={() => Promise.resolve()} />, { session: signedIn(1234.5) })
    expect(await screen.findByRole('button', { name: 'Sign out' })).toBeInTheDocument()
    const picker = screen.getByRole('radiogroup', { name: 'Language' })
    expect(screen.getByRole('radio', { name: 'English' })).toBeChecked()

    await userEvent.click(screen.getByRole('radio', { name: 'Deutsch' }))

    expect(await screen.findByRole('button', { name: 'Abmelden' })).toBeInTheDocument()
    expect(screen.getByText('Willkommen, Ada')).toBeInTheDocument()
    // German number format: the balance follows the language too.
    expect(screen.getByRole('link', { name: '1.234,50 Credits' })).toBeInTheDocument()
    expect(picker).toHaveAccessibleName('Sprache')
    expect(screen.getByRole('radio', { name: 'Deutsch' })).toBeChecked()
    expect(document.documentElement.lang).toBe('de')
    expect(localStorage.getItem(STORAGE_KEYS.locale)).toBe('de')
  })

  it('is reached by arrow keys like any radio group', async () => {
    await renderInRouter(<TopBar onSignOut={() => Promise.resolve()} />, { session: signedIn(1) })
    const english = await screen.findByRole('radio', { name: 'English' })
    english.focus()
    await userEvent.keyboard('{ArrowRight}')
    expect(await screen.findByRole('radio', { name: 'Deutsch' })).toBeChecked()
    expect(localStorage.getItem(STORAGE_KEYS.locale)).toBe('de')
  })
})
