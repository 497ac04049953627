import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { renderInRouter } from '@/app/testing/render-in-router'
import { STORAGE_KEYS } from '@/device/names'
import { IosInstallHint } from './ios-install-hint'

const iPhoneSafari = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.2 Mobile/15E148 Safari/604.1'

beforeEach(() => localStorage.clear())
afterEach(() => vi.restoreAllMocks())

describe('IosInstallHint', () => {
  it('tells Safari users on iOS how to add the app, until dismissed, and remembers that', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(iPhoneSafari)
    const first = await renderInRouter(<IosInstallHint />)
    const hint = screen.getByRole('complementary', { name: 'Install Actorly' })
    expect(hint).toHaveTextContent('tap Share, then Add to Home Screen')

    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }))
    expect(screen.queryByRole('complementary', { name: 'Install Actorly' })).not.toBeInTheDocument()
    expect(localStorage.getItem(STORAGE_KEYS.iosHintDismissed)).toBe('1')

    first.unmount()
    await renderInRouter(<IosInstallHint />)
    expect(screen.queryByRole('complementary', { name: 'Install Actorly' })).not.toBeInTheDocument()
  })

  it('is absent in other browsers', async () => {
    await renderInRouter(<IosInstallHint />)
    expect(screen.queryByRole('complementary')).not.toBeInTheDocument()
  })
})
