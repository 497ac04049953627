import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { renderInRouter, signedIn } from '@/app/testing/render-in-router'
import { LOCALE_STORAGE_KEY } from '@/i18n/locale'
import { TopBar } from './top-bar'

describe('language switch', () => {
  afterEach(() => localStorage.clear())

  it('re-renders the top bar in German, sets <html lang> and remembers the choice', async () => {
    await renderInRouter(<TopBar onSignOut={() => Promise.resolve()} />, { session: signedIn(1234.5) })
    expect(await screen.findByRole('button', { name: 'Sign out' })).toBeInTheDocument()

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'Deutsch')

    expect(await screen.findByRole('button', { name: 'Abmelden' })).toBeInTheDocument()
    expect(screen.getByText('Willkommen, Ada')).toBeInTheDocument()
    // German number format: the balance follows the language too.
    expect(screen.getByRole('link', { name: '1.234,50 Credits' })).toBeInTheDocument()
    expect(screen.getByRole('combobox', { name: 'Sprache' })).toHaveValue('de')
    expect(document.documentElement.lang).toBe('de')
    expect(localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('de')
  })
})
