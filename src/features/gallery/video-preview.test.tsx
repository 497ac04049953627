import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { stubWebShare } from '@/app/testing/web-share'
import { deviceDb } from '@/device/device-db'
import { keepVideo } from '@/device/kept-videos'
import { type GalleryItem, toGalleryItem } from './gallery-item'
import { record } from './test/gallery-fixtures'
import { renderGallery } from './test/render-gallery'
import { VideoPreview } from './video-preview'

const item = toGalleryItem(record(7), 'ugc')
const preview = (playable = true, shown: GalleryItem = item, options: { kept?: boolean; online?: boolean; onRemove?: () => Promise<void> } = {}) => (
  <VideoPreview
    item={shown}
    uid="uid-ada"
    playable={playable}
    kept={options.kept ?? false}
    online={options.online ?? true}
    onRemove={options.onRemove ?? (() => Promise.resolve())}
    onClose={() => {}}
  />
)

beforeEach(async () => {
  await deviceDb.keptVideos.clear()
})
afterEach(() => {
  vi.restoreAllMocks()
})

describe('VideoPreview share (share a video with the system share sheet)', () => {
  it('offers Share where the browser can share files', async () => {
    stubWebShare(true)
    await renderGallery(preview())
    expect(await screen.findByRole('button', { name: 'Share' })).toBeEnabled()
  })

  it('has no Share where the browser cannot share files, or has no Web Share at all', async () => {
    stubWebShare(false)
    const first = await renderGallery(preview())
    expect(await screen.findByRole('button', { name: 'Download' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Share' })).not.toBeInTheDocument()
    first.unmount()

    Reflect.deleteProperty(navigator, 'canShare')
    Reflect.deleteProperty(navigator, 'share')
    await renderGallery(preview())
    expect(await screen.findByRole('button', { name: 'Download' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Share' })).not.toBeInTheDocument()
  })

  it('shares the kept copy as video-{id}.mp4 without the network', async () => {
    const user = userEvent.setup()
    const share = stubWebShare(true)
    const fetch = vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('offline'))
    const bytes = new Blob(['kept mp4 bytes'], { type: 'video/mp4' })
    await keepVideo({ uid: 'uid-ada', videoUrl: item.videoUrl ?? '', videoId: item.id, blob: bytes })
    await renderGallery(preview())
    await user.click(await screen.findByRole('button', { name: 'Share' }))

    await waitFor(() => expect(share).toHaveBeenCalledOnce())
    const [file] = share.mock.calls[0]?.[0].files ?? []
    expect(file).toBeInstanceOf(File)
    expect([file?.name, file?.type]).toEqual(['video-gen-7.mp4', 'video/mp4'])
    // The network is down: only the device's copy could have been shared.
    expect(fetch).not.toHaveBeenCalled()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  it('offers no Share for a video that cannot play offline', async () => {
    stubWebShare(true)
    await renderGallery(preview(false))
    expect(await screen.findByText(/not available offline/)).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Share' })).not.toBeInTheDocument()
  })
})

describe('VideoPreview (full screen, actions within reach)', () => {
  it('plays the video over its poster and offers Add voice: lip sync of this very video', async () => {
    stubWebShare(false)
    const withPoster = toGalleryItem(record(8, { thumbnail_url: 'https://app.test/media/poster-8.jpg', durationSeconds: 5.04 }), 'ugc')
    await renderGallery(preview(true, withPoster))
    const video = await screen.findByLabelText('Preview video')
    expect(video).toHaveAttribute('poster', 'https://app.test/media/poster-8.jpg')
    expect(video).toHaveAttribute('src', withPoster.videoUrl)
    const addVoice = screen.getByRole('link', { name: 'Add voice' })
    const target = new URL(addVoice.getAttribute('href') ?? '', 'https://app.test')
    expect(target.pathname).toBe('/ugc-actor')
    expect(target.searchParams.get('step')).toBe('2')
    expect(target.searchParams.get('video')).toBe(withPoster.videoUrl)
    expect(screen.getByText(/· 0:05$/)).toBeInTheDocument()
  })

  it('has no Add voice for a lip-sync video, and Add voice waits for a connection offline', async () => {
    const lipSync = toGalleryItem(record(9, { prompt: '' }), 'lipsync')
    const first = await renderGallery(preview(true, lipSync))
    expect(await screen.findByRole('button', { name: 'Download' })).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Add voice' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Add voice' })).not.toBeInTheDocument()
    first.unmount()

    await renderGallery(preview(true, item, { kept: true, online: false }))
    const offline = await screen.findByRole('button', { name: 'Add voice' })
    expect(offline).toBeDisabled()
    expect(offline).toHaveAccessibleDescription('Adding a voice needs an internet connection.')
  })

  it('removes a kept video from this device, and only a kept one', async () => {
    const user = userEvent.setup()
    const first = await renderGallery(preview(true))
    expect(await screen.findByRole('button', { name: 'Download' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Remove from this device' })).not.toBeInTheDocument()
    first.unmount()

    const onRemove = vi.fn<() => Promise<void>>().mockResolvedValue()
    await renderGallery(preview(true, item, { kept: true, onRemove }))
    await user.click(await screen.findByRole('button', { name: 'Remove from this device' }))
    expect(onRemove).toHaveBeenCalledOnce()
    expect(await screen.findByText('Removed from this device.')).toBeInTheDocument()
  })

  it('shows the prompt in two lines with Show more when it is longer', async () => {
    const user = userEvent.setup()
    // jsdom lays nothing out: a clamped paragraph reports more content than it shows.
    vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockReturnValue(120)
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(function (this: HTMLElement) {
      return this.classList.contains('preview-prompt__text--clamped') ? 40 : 120
    })
    await renderGallery(preview(true))
    const more = await screen.findByRole('button', { name: 'Show more' })
    expect(more).toHaveAttribute('aria-expanded', 'false')
    expect(screen.getByText('Prompt number 7')).toHaveClass('preview-prompt__text--clamped')
    await user.click(more)
    expect(screen.getByText('Prompt number 7')).not.toHaveClass('preview-prompt__text--clamped')
    expect(screen.getByRole('button', { name: 'Show less' })).toHaveAttribute('aria-expanded', 'true')
  })
})
