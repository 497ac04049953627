import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { renderInRouter, signedIn, signedOut } from '@/app/testing/render-in-router'
import { deviceDb } from '@/device/device-db'
import { countKeptVideos, keepVideo } from '@/device/kept-videos'
import type { Session } from '@/session/session'
import { AccountPage } from './account-page'

// The Account screen (docs/decisions/0115) against the real device store (fake IndexedDB)
// and a stubbed server; the delete dialog's own journey is in delete-account-dialog.test.tsx.

vi.mock('@/app/account/reauthenticate', () => ({
  signInMethod: () => 'password',
  confirmWithPassword: async () => {},
  confirmWithGoogle: async () => {},
}))

const keep = (uid: string, name: string, bytes: number) =>
  keepVideo({ uid, videoUrl: `https://actorly.test/media/${name}.mp4`, videoId: name, blob: new Blob([new Uint8Array(bytes)]) })

function renderAccount(session: Session = signedIn(5), locale: 'en' | 'de' = 'en') {
  return renderInRouter(<AccountPage />, { session, locale, areas: ['account'], path: '/account' })
}

beforeEach(async () => {
  await deviceDb.keptVideos.clear()
  await deviceDb.keptVideoChunks.clear()
})
afterEach(() => {
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
})

describe('AccountPage', () => {
  it('shows the signed-in user’s sections in order, with name and email', async () => {
    await renderAccount()
    const headings = await screen.findAllByRole('heading', { level: 2 })
    expect(headings.map((heading) => heading.textContent)).toEqual([
      'Profile',
      'Language',
      'Notifications on this device',
      'Videos kept on this device',
      'API keys',
      'Webhooks',
      'Your data',
      'Delete account',
    ])
    const profile = within(screen.getByRole('region', { name: 'Profile' }))
    expect(profile.getByText('Ada')).toBeInTheDocument()
    expect(profile.getByText('ada@example.com')).toBeInTheDocument()
    expect(profile.getByRole('button', { name: 'Sign out' })).toBeEnabled()
    expect(within(screen.getByRole('region', { name: 'Language' })).getByRole('radio', { name: 'English' })).toBeChecked()
    // jsdom has no Push API: the section says so rather than offering a button that cannot work.
    expect(await screen.findByText('This browser cannot show notifications from Actorly.')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Download my data' })).toBeEnabled()
    expect(screen.getByRole('button', { name: 'Delete my account' })).toBeEnabled()
  })

  it('counts what this device keeps and removes all of it after asking, leaving other accounts’ videos', async () => {
    await keep('u1', 'a', 1500)
    await keep('u1', 'b', 2500)
    await keep('u2', 'other', 100)
    await renderAccount()
    const device = within(screen.getByRole('region', { name: 'Videos kept on this device' }))
    expect(await device.findByText('2 videos')).toBeInTheDocument()
    expect(device.getByText('4 kB')).toBeInTheDocument()

    const removeAll = device.getByRole('button', { name: 'Remove all kept videos' })
    await userEvent.click(removeAll)
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove all kept videos?' })
    expect(dialog).toHaveTextContent('2 videos will no longer play offline on this device.')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }))
    // The dialog closes at once: nothing to press twice, nothing stuck open.
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument()

    expect(await device.findByText('2 videos were removed from this device.')).toBeInTheDocument()
    expect(await device.findByText('0 videos')).toBeInTheDocument()
    // Nothing is left to remove; the focus the dialog handed back stays on the button.
    expect(removeAll).toHaveAttribute('aria-disabled', 'true')
    await vi.waitFor(() => expect(removeAll).toHaveFocus())
    await userEvent.click(removeAll)
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument()
    expect(await countKeptVideos('u1')).toBe(0)
    expect(await countKeptVideos('u2')).toBe(1)
  })

  it('Cancel keeps the videos', async () => {
    await keep('u1', 'a', 10)
    await renderAccount()
    const device = within(screen.getByRole('region', { name: 'Videos kept on this device' }))
    await device.findByText('1 video')
    await userEvent.click(device.getByRole('button', { name: 'Remove all kept videos' }))
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel' }))
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument()
    expect(await countKeptVideos('u1')).toBe(1)
    await vi.waitFor(() => expect(device.getByRole('button', { name: 'Remove all kept videos' })).toHaveFocus())
  })

  it('downloads the data file the server names, and says so when it cannot', async () => {
    const saved: string[] = []
    Object.defineProperty(URL, 'createObjectURL', { value: () => 'blob:data', configurable: true })
    Object.defineProperty(URL, 'revokeObjectURL', { value: () => {}, configurable: true })
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download)
    })
    let fail = false
    vi.stubGlobal(
      'fetch',
      vi.fn(async (request: Request) => {
        const path = new URL(request.url).pathname
        // The developer sections list their keys and endpoints as the screen opens.
        if (path === '/api/developers/v1/keys') return Response.json({ keys: [] })
        if (path === '/api/developers/v1/webhooks') return Response.json({ endpoints: [] })
        expect(path).toBe('/api/account/v1/export')
        if (fail) return new Response('{}', { status: 500 })
        return new Response('{"account":{}}', { headers: { 'content-disposition': 'attachment; filename="actorly-data-2026-01-02.json"' } })
      }),
    )
    await renderAccount()
    await userEvent.click(await screen.findByRole('button', { name: 'Download my data' }))
    await vi.waitFor(() => expect(saved).toEqual(['actorly-data-2026-01-02.json']))
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()

    fail = true
    await userEvent.click(screen.getByRole('button', { name: 'Download my data' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Your data could not be downloaded. Please try again.')
    Reflect.deleteProperty(URL, 'createObjectURL')
    Reflect.deleteProperty(URL, 'revokeObjectURL')
  })

  it('lets Download my data be pressed again when its code cannot be loaded', async () => {
    vi.doMock('@/app/account/account-calls', () => {
      throw new TypeError('Failed to fetch dynamically imported module')
    })
    try {
      await renderAccount()
      const download = await screen.findByRole('button', { name: 'Download my data' })
      await userEvent.click(download)
      // Other sections may report their own loads (keys, endpoints); this is the download's message.
      expect(await screen.findByText('Your data could not be downloaded. Please try again.')).toHaveAttribute('role', 'alert')
      expect(download).toBeEnabled()
      expect(download).not.toHaveAttribute('aria-busy')
    } finally {
      vi.doUnmock('@/app/account/account-calls')
    }
  })

  it('opens the delete dialog from its section', async () => {
    await renderAccount()
    await userEvent.click(await screen.findByRole('button', { name: 'Delete my account' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete your account?' })
    expect(within(dialog).getByRole('button', { name: 'Delete my account' })).toBeDisabled()
  })

  it('offline, waits with what needs the network and says why; the device section still works', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    await keep('u1', 'a', 10)
    await renderAccount()
    const download = await screen.findByRole('button', { name: 'Download my data' })
    expect(download).toBeDisabled()
    expect(download).toHaveAccessibleDescription('You are offline. Connect to the internet to download your data.')
    const remove = screen.getByRole('button', { name: 'Delete my account' })
    expect(remove).toBeDisabled()
    expect(remove).toHaveAccessibleDescription('You are offline. Connect to the internet to delete your account.')
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeEnabled()
    const device = within(screen.getByRole('region', { name: 'Videos kept on this device' }))
    expect(await device.findByText('1 video')).toBeInTheDocument()
    expect(device.getByRole('button', { name: 'Remove all kept videos' })).toBeEnabled()
  })

  it('asks a signed-out visitor to sign in, tells of a deleted account, and claims nothing while the session loads', async () => {
    const out = await renderAccount(signedOut)
    expect(await screen.findByRole('heading', { name: 'Sign in to see your account' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/auth')
    expect(screen.queryByRole('region', { name: 'Profile' })).not.toBeInTheDocument()
    out.unmount()

    const deleted = await renderAccount({ status: 'signed-out', accountDeleted: true })
    expect(await screen.findByRole('heading', { name: 'Your account is deleted' })).toBeInTheDocument()
    deleted.unmount()

    await renderAccount({ status: 'loading' })
    expect(await screen.findByRole('heading', { level: 1, name: 'Account' })).toBeInTheDocument()
    expect(screen.queryByText(/Sign in/)).not.toBeInTheDocument()
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument()
  })

  it('speaks German', async () => {
    await renderAccount(signedIn(5), 'de')
    expect(await screen.findByRole('heading', { level: 1, name: 'Konto' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Meine Daten herunterladen' })).toBeInTheDocument()
    expect(screen.getByRole('radio', { name: 'Deutsch' })).toBeChecked()
  })
})
