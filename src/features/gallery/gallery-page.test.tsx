import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { deviceDb } from '@/device/device-db'
import { GalleryPage } from './gallery-page'
import { serveGallery, serveTotals } from './test/gallery-fixtures'
import type { Session } from '@/session/session'
import { cards, renderGallery, cleanGalleryDeviceAroundEachTest, setOnline, signedOut } from './test/render-gallery'
import { CREDENTIAL_WAIT_MS } from './use-credential'

cleanGalleryDeviceAroundEachTest()

describe('GalleryPage (spec §2)', () => {
  it('asks signed-out visitors to sign in and calls nothing', async () => {
    const { spy } = serveTotals()
    await renderGallery(<GalleryPage />, signedOut)
    expect(screen.getByText('Please Sign in to the system')).toBeInTheDocument()
    expect(spy).not.toHaveBeenCalled()
  })

  it('shows each tab with its count and the first page of UGC videos', async () => {
    serveTotals()
    await renderGallery(<GalleryPage />)
    expect(await screen.findByRole('tab', { name: 'UGC video 25' })).toHaveAttribute('aria-selected', 'true')
    expect(await screen.findByRole('tab', { name: 'Lip sync 3' })).toBeInTheDocument()
    expect(await screen.findByRole('tab', { name: 'Consistent avatar 0' })).toBeInTheDocument()
    expect(cards()).toHaveLength(10)
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled()
  })

  it('pages through, disables next on the last page, and starts again at 1 after switching tabs', async () => {
    const user = userEvent.setup()
    serveTotals()
    await renderGallery(<GalleryPage />)
    await screen.findByRole('button', { name: 'Preview: Prompt number 1' })
    await user.click(screen.getByRole('button', { name: 'Page 3' }))
    expect(await screen.findByRole('button', { name: 'Preview: Prompt number 21' })).toBeInTheDocument()
    expect(cards()).toHaveLength(5)
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Page 3' })).toHaveAttribute('aria-current', 'page')

    await user.click(screen.getByRole('tab', { name: /Lip sync/ }))
    await user.click(screen.getByRole('tab', { name: /UGC video/ }))
    expect(await screen.findByRole('button', { name: 'Preview: Prompt number 1' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page')
  })

  it('shows the empty stage with a link to create', async () => {
    const user = userEvent.setup()
    serveTotals()
    await renderGallery(<GalleryPage />)
    await user.click(await screen.findByRole('tab', { name: /Consistent avatar/ }))
    expect(await screen.findByRole('heading', { name: 'The Stage is Empty' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Start creating' })).toHaveAttribute('href', '/ugc-actor')
  })

  it('shows the UGC failure in red (spec §8)', async () => {
    serveGallery(() => Response.json({ error: 'down' }, { status: 500 }))
    await renderGallery(<GalleryPage />)
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch UGC videos')
  })

  it('opens a preview that autoplays with controls and closes again', async () => {
    const user = userEvent.setup()
    serveTotals()
    await renderGallery(<GalleryPage />)
    await user.click(await screen.findByRole('button', { name: 'Preview: Prompt number 2' }))
    const dialog = await screen.findByRole('dialog', { name: 'Video preview' })
    const video = within(dialog).getByLabelText('Preview video')
    expect(video).toHaveAttribute('src', 'https://app.test/media/video-2.mp4')
    expect(video).toHaveAttribute('controls')
    expect(video).toHaveProperty('autoplay', true)
    expect(within(dialog).getByRole('button', { name: 'Download' })).toBeEnabled()
    await user.click(within(dialog).getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  })
})

describe('GalleryPage keeping videos', () => {
  it('downloads video-{id}.mp4 from the preview, keeps it, and can remove it again', async () => {
    const user = userEvent.setup()
    const video = new Blob(['mp4 bytes'], { type: 'video/mp4' })
    serveTotals()
    await renderGallery(<GalleryPage />)
    // The preview and the device store load on first use; load them before fetch and URL are replaced below.
    await Promise.all([import('./video-preview'), import('@/device/kept-videos')])
    vi.restoreAllMocks()
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => new Response(video))
    const saved: string[] = []
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download)
    })
    // jsdom has no object URLs; the file save only needs one to hand to the link.
    vi.stubGlobal(
      'URL',
      class extends URL {
        static override createObjectURL = () => 'blob:video'
        static override revokeObjectURL = () => {}
      },
    )

    await user.click(await screen.findByRole('button', { name: 'Preview: Prompt number 3' }))
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Download' }))
    expect(await screen.findByText('Saved. This video now plays offline too.')).toBeInTheDocument()
    expect(saved).toEqual(['video-gen-3.mp4'])
    await user.click(screen.getByRole('button', { name: 'Close' }))
    await user.click(await screen.findByRole('button', { name: 'Remove from this device: Prompt number 3' }))
    await waitFor(() => expect(screen.queryByText('Available offline')).not.toBeInTheDocument())
    expect(await deviceDb.keptVideos.count()).toBe(0)
  })

  describe('spec §8 galleryError.credentialError', () => {
    const noRecord: Session = { status: 'signed-in', user: { uid: 'uid-ada', email: 'ada@example.com', displayName: 'Ada' }, record: null, credits: null }

    it('says the credential is missing when the user record could not be fetched, and Retry asks again', async () => {
      const { spy } = serveTotals()
      const user = userEvent.setup()
      const { actions } = await renderGallery(<GalleryPage />, { ...noRecord, recordError: { status: 500, statusText: 'Internal Server Error' } })
      const alert = await screen.findByRole('alert')
      expect(alert).toHaveTextContent('We could not confirm your account, so your gallery cannot be loaded.')
      expect(screen.queryByText(/not saved on this device/)).not.toBeInTheDocument()
      expect(screen.queryByText(/can't be reached/)).not.toBeInTheDocument()
      expect(spy).not.toHaveBeenCalled()
      actions.refreshUser.mockClear()
      await user.click(within(alert).getByRole('button', { name: 'Try again' }))
      expect(actions.refreshUser).toHaveBeenCalledOnce()
    })

    it('stops the spinner for the credential error when the record has not come in time', async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true })
      try {
        serveTotals()
        await renderGallery(<GalleryPage />, noRecord)
        expect(screen.getByRole('status', { name: 'Loading videos…' })).toBeInTheDocument()
        expect(screen.queryByRole('alert')).not.toBeInTheDocument()
        await act(() => vi.advanceTimersByTimeAsync(CREDENTIAL_WAIT_MS))
        expect(await screen.findByRole('alert')).toHaveTextContent('We could not confirm your account')
        await waitFor(() => expect(screen.queryByRole('status', { name: 'Loading videos…' })).not.toBeInTheDocument())
      } finally {
        vi.useRealTimers()
      }
    })

    it('keeps the saved copy (not the credential error) offline', async () => {
      setOnline(false)
      await renderGallery(<GalleryPage />, noRecord)
      expect(await screen.findByText('You are offline — showing your saved gallery')).toBeInTheDocument()
      expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    })
  })
})
