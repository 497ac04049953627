import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { renderInRouter } from '@/app/testing/render-in-router'
import { stubWebShare } from '@/app/testing/web-share'
import { ShareVideoButton } from './share-video-button'

const url = 'https://actorly.test/media/clip.mp4'

describe('ShareVideoButton', () => {
  it('is absent where the browser cannot share files', async () => {
    await renderInRouter(<ShareVideoButton videoUrl={url} filename="video-1.mp4" uid={null} />)
    expect(screen.queryByRole('button', { name: 'Share' })).not.toBeInTheDocument()
    stubWebShare(false)
    await renderInRouter(<ShareVideoButton videoUrl={url} filename="video-1.mp4" uid={null} />)
    expect(screen.queryByRole('button', { name: 'Share' })).not.toBeInTheDocument()
  })

  it('shares the video as a named MP4 file', async () => {
    const share = stubWebShare(true)
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('mp4', { headers: { 'Content-Type': 'video/mp4' } }))
    await renderInRouter(<ShareVideoButton videoUrl={url} filename="video-1.mp4" uid={null} />)
    await userEvent.click(screen.getByRole('button', { name: 'Share' }))

    await vi.waitFor(() => expect(share).toHaveBeenCalledOnce())
    const [file] = share.mock.calls[0]?.[0].files ?? []
    expect(file).toMatchObject({ name: 'video-1.mp4', type: 'video/mp4' })
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  it('takes a closed share sheet calmly, and says so when the video cannot be fetched', async () => {
    stubWebShare(true, () => Promise.reject(new DOMException('closed', 'AbortError')))
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('mp4'))
    await renderInRouter(<ShareVideoButton videoUrl={url} filename="video-1.mp4" uid={null} />)
    await userEvent.click(screen.getByRole('button', { name: 'Share' }))
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Share' })).toBeEnabled())
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()

    fetch.mockRejectedValue(new TypeError('offline'))
    await userEvent.click(screen.getByRole('button', { name: 'Share' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('The video could not be shared')
  })
})
