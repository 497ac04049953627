import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import type { UpdateSource, WaitingUpdate } from './service-worker-updates'
import { UpdatePrompt } from './update-prompt'

beforeAll(() => i18n.loadAndActivate({ locale: 'en', messages: {} }))

/** An update source the test controls: `announce` plays the service worker's 'waiting'. */
function fakeUpdates() {
  let notify: ((update: WaitingUpdate) => void) | undefined
  const source: UpdateSource = (onWaiting) => {
    notify = onWaiting
    return () => (notify = undefined)
  }
  const update = { reloadIntoNewVersion: vi.fn<() => void>() }
  const announce = () => act(() => notify?.(update))
  return { source, update, announce }
}

function renderPrompt(updates: UpdateSource | null) {
  return render(
    <I18nProvider i18n={i18n}>
      <UpdatePrompt updates={updates} />
    </I18nProvider>,
  )
}

describe('UpdatePrompt', () => {
  it('shows nothing while no new version is waiting', () => {
    renderPrompt(fakeUpdates().source)
    expect(screen.getByRole('status')).toBeEmptyDOMElement()
    expect(screen.queryByRole('button')).not.toBeInTheDocument()
  })

  it('announces a waiting version politely and reloads into it only when asked', async () => {
    const { source, update, announce } = fakeUpdates()
    renderPrompt(source)
    announce()
    expect(screen.getByRole('status')).toHaveTextContent('A new version of Actorly is ready.')
    expect(update.reloadIntoNewVersion).not.toHaveBeenCalled()

    await userEvent.click(screen.getByRole('button', { name: 'Reload' }))
    expect(update.reloadIntoNewVersion).toHaveBeenCalledOnce()
    expect(screen.getByRole('button', { name: 'Reload' })).toBeDisabled()
  })

  it('lets the user put the update off until another version arrives', async () => {
    const { source, update, announce } = fakeUpdates()
    renderPrompt(source)
    announce()
    await userEvent.click(screen.getByRole('button', { name: 'Later' }))
    expect(screen.queryByText('A new version of Actorly is ready.')).not.toBeInTheDocument()
    expect(update.reloadIntoNewVersion).not.toHaveBeenCalled()

    announce()
    expect(screen.getByRole('status')).toHaveTextContent('A new version of Actorly is ready.')
  })

  it('stays silent without a service worker (development, old browsers)', () => {
    renderPrompt(null)
    expect(screen.getByRole('status')).toBeEmptyDOMElement()
  })
})
