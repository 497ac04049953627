import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { keepVideo } from '@/device/kept-videos'
import { STORAGE_KEYS } from '@/device/names'
import { GalleryPage } from './gallery-page'
import { galleryAnswer, networkDown, serveGallery, serveTotals } from './test/gallery-fixtures'
import { cards, renderGallery, cleanGalleryDeviceAroundEachTest, setOnline } from './test/render-gallery'

cleanGalleryDeviceAroundEachTest()

describe('GalleryPage offline', () => {
  it('renders the saved pages with the offline notice and marks what plays offline', async () => {
    serveTotals()
    const first = await renderGallery(<GalleryPage />)
    await screen.findByRole('button', { name: 'Preview: Prompt number 1' })
    first.unmount()
    await keepVideo({ uid: 'uid-ada', videoUrl: 'https://app.test/media/video-1.mp4', videoId: 'gen-1', blob: new Blob(['mp4'], { type: 'video/mp4' }) })

    serveGallery(networkDown)
    setOnline(false)
    await renderGallery(<GalleryPage />)
    expect(await screen.findByText('You are offline — showing your saved gallery')).toBeInTheDocument()
    expect(await screen.findByRole('button', { name: 'Preview: Prompt number 1' })).toBeInTheDocument()
    expect(cards()).toHaveLength(10)
    // What this device keeps is read from its database after the cards: wait for it.
    expect(await screen.findAllByText('Available offline')).toHaveLength(1)
    expect(screen.getByRole('button', { name: 'Remove from this device: Prompt number 1' })).toBeInTheDocument()
    expect(screen.getAllByText('Not available offline')).toHaveLength(9)

    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Preview: Prompt number 2' }))
    const dialog = await screen.findByRole('dialog', { name: 'Video preview' })
    expect(within(dialog).getByText(/not available offline/)).toBeInTheDocument()
    expect(within(dialog).queryByLabelText('Preview video')).not.toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Close' }))
    await user.click(screen.getByRole('button', { name: 'Preview: Prompt number 1' }))
    expect(within(await screen.findByRole('dialog')).getByLabelText('Preview video')).toHaveAttribute('src', 'https://app.test/media/video-1.mp4')
  })

  it('shows the saved pages of the user signed in on this device before the identity service has answered', async () => {
    serveTotals()
    const first = await renderGallery(<GalleryPage />)
    await screen.findByRole('button', { name: 'Preview: Prompt number 1' })
    first.unmount()

    serveGallery(networkDown)
    setOnline(false)
    localStorage.setItem(STORAGE_KEYS.sessionHint, 'uid-ada')
    try {
      await renderGallery(<GalleryPage />, { status: 'loading' })
      expect(await screen.findByRole('button', { name: 'Preview: Prompt number 1' })).toBeInTheDocument()
    } finally {
      localStorage.removeItem(STORAGE_KEYS.sessionHint)
    }
  })

  it('loads fresh data when the browser comes back online', async () => {
    serveTotals()
    const first = await renderGallery(<GalleryPage />)
    await screen.findByRole('button', { name: 'Preview: Prompt number 1' })
    first.unmount()

    setOnline(false)
    await renderGallery(<GalleryPage />)
    await screen.findByText('You are offline — showing your saved gallery')
    const { calls } = serveGallery(({ body }) => Response.json(galleryAnswer(2, body.page, body.limit, 'new-')))
    setOnline(true)
    await waitFor(() => expect(screen.queryByText('You are offline — showing your saved gallery')).not.toBeInTheDocument())
    expect(await screen.findByRole('tab', { name: 'UGC video 2' })).toBeInTheDocument()
    expect(calls.length).toBeGreaterThan(0)
    expect(screen.queryByText('Not available offline')).not.toBeInTheDocument()
  })

  it('shows the saved copy when the server is unreachable though the browser is online', async () => {
    serveTotals()
    const first = await renderGallery(<GalleryPage />)
    await screen.findByRole('button', { name: 'Preview: Prompt number 1' })
    first.unmount()
    serveGallery(networkDown)
    await renderGallery(<GalleryPage />)
    expect(await screen.findByText("The server can't be reached — showing your saved gallery")).toBeInTheDocument()
    expect(cards()).toHaveLength(10)
  })

  it('moves to the new last page when fresh data has fewer pages than the one shown', async () => {
    const user = userEvent.setup()
    serveTotals()
    await renderGallery(<GalleryPage />)
    await user.click(await screen.findByRole('button', { name: 'Page 3' }))
    expect(await screen.findByRole('button', { name: 'Preview: Prompt number 21' })).toBeInTheDocument()

    // Meanwhile 13 videos were deleted elsewhere: 12 are left, two pages.
    setOnline(false)
    await screen.findByText('You are offline — showing your saved gallery')
    serveTotals({ '/api/fal/v1/gallery': 12 })
    setOnline(true)
    expect(await screen.findByRole('tab', { name: 'UGC video 12' })).toBeInTheDocument()
    expect(await screen.findByRole('button', { name: 'Preview: Prompt number 11' })).toBeInTheDocument()
    expect(cards()).toHaveLength(2)
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page')
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Previous' })).toBeEnabled()
  })
})
