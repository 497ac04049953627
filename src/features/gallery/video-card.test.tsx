import { fireEvent, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { type GalleryItem, toGalleryItem } from './gallery-item'
import { record } from './test/gallery-fixtures'
import { renderGallery } from './test/render-gallery'
import { VideoCard } from './video-card'

const item = toGalleryItem(record(4), 'ugc')
const removeButton = () => screen.getByRole('button', { name: 'Remove from this device: Prompt number 4' })

describe('VideoCard, kept on this device (can be removed)', () => {
  it('says so when the device refuses to remove the video, keeps it marked kept, and lets the user try again', async () => {
    const user = userEvent.setup()
    const onRemove = vi.fn<() => Promise<void>>().mockRejectedValueOnce(new DOMException('blocked', 'UnknownError')).mockResolvedValueOnce()
    await renderGallery(
      <ul>
        <VideoCard item={item} kept online onOpen={() => {}} onRemove={onRemove} />
      </ul>,
    )

    await user.click(removeButton())
    expect(await screen.findByRole('alert')).toHaveTextContent('This video could not be removed from this device. Try again.')
    expect(screen.getByText('Available offline')).toBeInTheDocument()
    expect(removeButton()).toBeEnabled()

    await user.click(removeButton())
    await vi.waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument())
    expect(onRemove).toHaveBeenCalledTimes(2)
  })
})

const card = (shown: GalleryItem, options: { kept?: boolean; online?: boolean } = {}) => (
  <ul>
    <VideoCard item={shown} kept={options.kept ?? false} online={options.online ?? true} onOpen={() => {}} onRemove={() => Promise.resolve()} />
  </ul>
)
const tileOf = (name: string) => screen.getByRole('button', { name: `Preview: ${name}` })

describe('VideoCard tile (poster frame and duration)', () => {
  it('shows the poster the server took and the video’s length, and loads no video', async () => {
    const withPoster = toGalleryItem(record(5, { thumbnail_url: 'https://app.test/media/poster-5.jpg', durationSeconds: 65.4 }), 'ugc')
    const { container } = await renderGallery(card(withPoster))
    const tile = tileOf('Prompt number 5')
    expect(tile.querySelector('img')).toHaveAttribute('src', 'https://app.test/media/poster-5.jpg')
    expect(container.querySelector('video')).toBeNull()
    expect(screen.getByText('1:05')).toBeInTheDocument()
    expect(tile).toHaveAccessibleDescription('Length: 65 seconds')
  })

  it('sets a landscape poster on a blurred copy of itself, a portrait one fills the tile', async () => {
    const landscape = toGalleryItem(record(6, { thumbnail_url: 'https://app.test/media/poster-6.jpg', aspectRatio: '16:9' }), 'minmax')
    const first = await renderGallery(card(landscape))
    expect(tileOf('Prompt number 6').querySelectorAll('img')).toHaveLength(2)
    first.unmount()
    const portrait = toGalleryItem(record(7, { thumbnail_url: 'https://app.test/media/poster-7.jpg' }), 'ugc')
    await renderGallery(card(portrait))
    expect(tileOf('Prompt number 7').querySelectorAll('img')).toHaveLength(1)
    expect(tileOf('Prompt number 7').querySelector('img')).toHaveClass('video-card__media--fill')
  })

  it('falls back to the video’s own first frame without a poster, or when the poster does not load', async () => {
    const older = toGalleryItem(record(8), 'ugc')
    const first = await renderGallery(card(older))
    expect(tileOf('Prompt number 8').querySelector('video')).toHaveAttribute('src', 'https://app.test/media/video-8.mp4#t=0.1')
    expect(screen.queryByText(/^\d+:\d\d$/)).not.toBeInTheDocument()
    first.unmount()

    const broken = toGalleryItem(record(9, { thumbnail_url: 'https://app.test/media/poster-9.jpg' }), 'ugc')
    await renderGallery(card(broken, { kept: true, online: false }))
    const poster = tileOf('Prompt number 9').querySelector('img')
    if (poster === null) throw new Error('no poster')
    fireEvent.error(poster)
    expect(tileOf('Prompt number 9').querySelector('video')).not.toBeNull()
  })

  it('asks for nothing offline when the video is not kept', async () => {
    const withPoster = toGalleryItem(record(10, { thumbnail_url: 'https://app.test/media/poster-10.jpg' }), 'ugc')
    const { container } = await renderGallery(card(withPoster, { online: false }))
    expect(container.querySelector('img, video')).toBeNull()
    expect(screen.getByText('Not available offline')).toBeInTheDocument()
  })
})

describe('VideoCard of a captioned lip sync', () => {
  it('says Captions when the record has caption files, and nothing when it has none', async () => {
    const files = { vtt: 'https://app.test/media/c.vtt?sig=1', srt: 'https://app.test/media/c.srt?sig=1' }
    const captioned = toGalleryItem(record(6, { captions: files }), 'lipsync')
    const { unmount } = await renderGallery(card(captioned))
    expect(screen.getByText('Captions')).toBeInTheDocument()
    unmount()
    await renderGallery(card(toGalleryItem(record(7, { captions: null }), 'lipsync')))
    expect(screen.queryByText('Captions')).not.toBeInTheDocument()
  })
})
