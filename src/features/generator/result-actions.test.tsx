import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { stubWebShare } from '@/app/testing/web-share'
import { deviceDb } from '@/device/device-db'
import { ResultBar } from './result-actions'
import { renderGenerator } from './test/render-generator'

const VIDEO = 'http://127.0.0.1/media/out.mp4'

describe('ResultBar: the next step once a video is there (spec §2 Download, Add voice)', () => {
  it('offers Add voice on step 1, with Download beside it', async () => {
    const onAddVoice = vi.fn<(url: string) => void>()
    await renderGenerator(<ResultBar videoUrl={VIDEO} onAddVoice={onAddVoice} />)
    expect(screen.getByRole('button', { name: 'Download' })).toBeVisible()
    await userEvent.click(screen.getByRole('button', { name: 'Add voice' }))
    expect(onAddVoice).toHaveBeenCalledWith(VIDEO)
  })

  it('has no Add voice where none is asked for (step 2): Download leads', async () => {
    await renderGenerator(<ResultBar videoUrl={VIDEO} />)
    expect(screen.getByRole('button', { name: 'Download' })).toHaveClass('btn--primary')
    expect(screen.queryByRole('button', { name: 'Add voice' })).toBeNull()
  })
})

describe('Download (spec §2: saves ugc-video.mp4)', () => {
  const clicked: HTMLAnchorElement[] = []
  beforeEach(async () => {
    clicked.length = 0
    // A kept copy would be saved from the device without fetching.
    await deviceDb.keptVideos.clear()
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this)
    })
    Object.assign(URL, { createObjectURL: vi.fn<(blob: Blob) => string>(() => 'blob:http://127.0.0.1/video'), revokeObjectURL: vi.fn<(url: string) => void>() })
  })
  afterEach(() => vi.restoreAllMocks())

  it('fetches the bytes, saves them under ugc-video.mp4 and keeps them on the device', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(new Blob(['mp4']), { status: 200 }))
    await renderGenerator(<ResultBar videoUrl={VIDEO} />)
    await userEvent.click(screen.getByRole('button', { name: 'Download' }))
    await waitFor(() => expect(clicked).toHaveLength(1))
    expect(fetchSpy).toHaveBeenCalledWith(VIDEO)
    expect(clicked[0]?.download).toBe('ugc-video.mp4')
    expect(clicked[0]?.href).toBe('blob:http://127.0.0.1/video')
    await waitFor(async () => expect(await deviceDb.keptVideos.get(['uid-ada', VIDEO])).toMatchObject({ videoId: 'out' }))
  })

  it('says so in the bar when the download fails', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('gone', { status: 404 }))
    await renderGenerator(<ResultBar videoUrl={VIDEO} />)
    await userEvent.click(screen.getByRole('button', { name: 'Download' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('The video could not be fetched')
    expect(clicked).toHaveLength(0)
  })
})

describe('Share (the system share sheet where supported)', () => {
  afterEach(() => vi.restoreAllMocks())

  it('sits next to Download where the browser can share files, and shares ugc-video.mp4', async () => {
    const share = stubWebShare(true)
    await deviceDb.keptVideos.clear()
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('mp4', { headers: { 'Content-Type': 'video/mp4' } }))
    await renderGenerator(<ResultBar videoUrl={VIDEO} />)
    expect(screen.getByRole('button', { name: 'Download' })).toBeVisible()
    await userEvent.click(screen.getByRole('button', { name: 'Share' }))
    await waitFor(() => expect(share).toHaveBeenCalledOnce())
    const [file] = share.mock.calls[0]?.[0].files ?? []
    expect(file).toBeInstanceOf(File)
    expect([file?.name, file?.type]).toEqual(['ugc-video.mp4', 'video/mp4'])
  })

  it('is absent where files cannot be shared', async () => {
    stubWebShare(false)
    await renderGenerator(<ResultBar videoUrl={VIDEO} />)
    expect(screen.getByRole('button', { name: 'Download' })).toBeVisible()
    expect(screen.queryByRole('button', { name: 'Share' })).toBeNull()
  })
})
