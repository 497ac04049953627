import { act, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderInRouter } from '@/app/testing/render-in-router'
import { InstallButton } from './install-button'

/** Chromium's install offer, as the page receives it. */
function offerInstall(outcome: 'accepted' | 'dismissed' = 'accepted') {
  const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompt: vi.fn<() => Promise<void>>(() => Promise.resolve()),
    userChoice: Promise.resolve({ outcome }),
  })
  act(() => void window.dispatchEvent(event))
  return event
}

afterEach(() => act(() => void window.dispatchEvent(new Event('appinstalled'))))

describe('InstallButton', () => {
  it('is absent while the browser offers no install', async () => {
    await renderInRouter(<InstallButton />)
    expect(screen.queryByRole('button', { name: 'Install app' })).not.toBeInTheDocument()
  })

  it('appears with the offer, keeps the browser’s own banner away, and opens the install dialog once', async () => {
    await renderInRouter(<InstallButton />)
    const offer = offerInstall('dismissed')
    expect(offer.defaultPrevented).toBe(true)

    await userEvent.click(await screen.findByRole('button', { name: 'Install app' }))
    expect(offer.prompt).toHaveBeenCalledOnce()
    // An offer can be used once; a new one comes if the browser offers again.
    expect(screen.queryByRole('button', { name: 'Install app' })).not.toBeInTheDocument()
  })

  it('disappears once the app is installed', async () => {
    await renderInRouter(<InstallButton />)
    offerInstall()
    expect(await screen.findByRole('button', { name: 'Install app' })).toBeInTheDocument()
    act(() => void window.dispatchEvent(new Event('appinstalled')))
    expect(screen.queryByRole('button', { name: 'Install app' })).not.toBeInTheDocument()
  })
})
