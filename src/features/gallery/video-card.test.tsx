import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { toGalleryItem } from './gallery-item'
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
