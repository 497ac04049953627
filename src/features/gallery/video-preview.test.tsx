import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { stubWebShare } from '@/app/testing/web-share'
import { deviceDb } from '@/db/device-db'
import { keepVideo } from '@/device/kept-videos'
import { toGalleryItem } from './gallery-item'
import { record } from './test/gallery-fixtures'
import { renderGallery } from './test/render-gallery'
import { VideoPreview } from './video-preview'

const item = toGalleryItem(record(7), 'ugc')
const preview = (playable = true) => <VideoPreview item={item} uid="uid-ada" playable={playable} onClose={() => {}} />

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
