import { fireEvent, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { stubWebShare } from '@/app/testing/web-share'
import { deviceDb } from '@/device/device-db'
import type { JobView } from '@/jobs/types'
import { OutputPanel } from './output-panel'
import { renderGenerator } from './test/render-generator'

const VIDEO = 'http://127.0.0.1/media/out.mp4'
const PRELOADED = 'http://127.0.0.1/media/preloaded.mp4'

function renderPanel(view: JobView, options: { preloaded?: string; onAddVoice?: (url: string) => void } = {}) {
  return renderGenerator(<OutputPanel view={view} title="Output Video" preloadedVideoUrl={options.preloaded} onAddVoice={options.onAddVoice} />)
}

const player = () => screen.queryByLabelText('Generated video')

describe('OutputPanel (spec §2 output panel)', () => {
  it('shows the placeholder before anything runs', async () => {
    await renderPanel({ phase: 'idle' })
    expect(screen.getByRole('heading', { name: 'Output Video' })).toBeInTheDocument()
    expect(screen.getByText('Your creation will appear here')).toBeVisible()
    expect(player()).toBeNull()
    expect(screen.queryByRole('button', { name: 'Download' })).toBeNull()
  })

  it('shows the loading animation while starting and generating, hiding a preloaded video', async () => {
    const { rerender } = await renderPanel({ phase: 'starting' }, { preloaded: PRELOADED })
    expect(screen.getAllByText('AI video generation in progress').length).toBeGreaterThan(0)
    expect(player()).toBeNull()
    rerender(<OutputPanel view={{ phase: 'generating', requestId: 'r1', percent: 40, hangTight: false }} title="Output Video" />)
    expect(screen.getAllByText('AI video generation in progress').length).toBeGreaterThan(0)
    expect(screen.queryByText('Your creation will appear here')).toBeNull()
  })

  it('shows the no-credits notice with Add credits to /purchase', async () => {
    await renderPanel({ phase: 'no-credits' })
    expect(screen.getByText("You don't have enough credits to generate the video.")).toBeVisible()
    expect(screen.getByRole('link', { name: 'Add credits' })).toHaveAttribute('href', '/purchase')
  })

  it('plays the finished video with Download and Add voice', async () => {
    const onAddVoice = vi.fn<(url: string) => void>()
    await renderPanel({ phase: 'completed', outputUrl: VIDEO }, { onAddVoice })
    expect(player()).toHaveAttribute('src', VIDEO)
    expect(screen.getByText('Your video is ready.')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Add voice' }))
    expect(onAddVoice).toHaveBeenCalledWith(VIDEO)
  })

  it('has no Add voice where none is asked for (step 2)', async () => {
    await renderPanel({ phase: 'completed', outputUrl: VIDEO })
    expect(screen.getByRole('button', { name: 'Download' })).toBeVisible()
    expect(screen.queryByRole('button', { name: 'Add voice' })).toBeNull()
  })

  it('shows a preloaded video while idle or after a failure; a finished job replaces it', async () => {
    const { rerender } = await renderPanel({ phase: 'idle' }, { preloaded: PRELOADED })
    expect(player()).toHaveAttribute('src', PRELOADED)
    rerender(<OutputPanel view={{ phase: 'failed', failure: { code: 'failed_to_generate' } }} title="Output Video" preloadedVideoUrl={PRELOADED} />)
    expect(player()).toHaveAttribute('src', PRELOADED)
    rerender(<OutputPanel view={{ phase: 'completed', outputUrl: VIDEO }} title="Output Video" preloadedVideoUrl={PRELOADED} />)
    expect(player()).toHaveAttribute('src', VIDEO)
  })

  it('clears a video that fails to load (spec §8)', async () => {
    await renderPanel({ phase: 'idle' }, { preloaded: PRELOADED })
    const video = player()
    if (video === null) throw new Error('no player')
    fireEvent.error(video)
    expect(player()).toBeNull()
    expect(screen.getByText('Your creation will appear here')).toBeVisible()
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
    await renderPanel({ phase: 'completed', outputUrl: VIDEO })
    await userEvent.click(screen.getByRole('button', { name: 'Download' }))
    await waitFor(() => expect(clicked).toHaveLength(1))
    expect(fetchSpy).toHaveBeenCalledWith(VIDEO)
    expect(clicked[0]?.download).toBe('ugc-video.mp4')
    expect(clicked[0]?.href).toBe('blob:http://127.0.0.1/video')
    await waitFor(async () => expect(await deviceDb.keptVideos.get(['uid-ada', VIDEO])).toMatchObject({ videoId: 'out' }))
  })

  it('says so when the download fails', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('gone', { status: 404 }))
    await renderPanel({ phase: 'completed', outputUrl: VIDEO })
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
    await renderPanel({ phase: 'completed', outputUrl: VIDEO })
    expect(screen.getByRole('button', { name: 'Download' })).toBeVisible()
    await userEvent.click(screen.getByRole('button', { name: 'Share' }))
    await waitFor(() => expect(share).toHaveBeenCalledOnce())
    const [file] = share.mock.calls[0]?.[0].files ?? []
    expect(file).toBeInstanceOf(File)
    expect([file?.name, file?.type]).toEqual(['ugc-video.mp4', 'video/mp4'])
  })

  it('is absent where files cannot be shared, and while nothing is finished', async () => {
    stubWebShare(false)
    const { rerender } = await renderPanel({ phase: 'completed', outputUrl: VIDEO })
    expect(screen.getByRole('button', { name: 'Download' })).toBeVisible()
    expect(screen.queryByRole('button', { name: 'Share' })).toBeNull()
    stubWebShare(true)
    rerender(<OutputPanel view={{ phase: 'generating', requestId: 'r1', percent: 40, hangTight: false }} title="Output Video" />)
    expect(screen.queryByRole('button', { name: 'Share' })).toBeNull()
  })
})
