import { fireEvent, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { JobView } from '@/jobs/types'
import { OutputPanel, useCanvasVideo } from './output-panel'
import { renderGenerator } from './test/render-generator'

const VIDEO = 'http://127.0.0.1/media/out.mp4'
const PRELOADED = 'http://127.0.0.1/media/preloaded.mp4'

/** The canvas as a step shows it: the video from useCanvasVideo. */
function Canvas({ view, preloaded, sample }: { view: JobView; preloaded?: string; sample?: string }) {
  const canvas = useCanvasVideo(view, preloaded)
  return (
    <OutputPanel
      view={view}
      title="Output Video"
      videoUrl={canvas.videoUrl}
      onVideoError={canvas.clear}
      preview={sample === undefined ? undefined : { media: <img src={sample} alt="" />, tag: 'Sample, made without AI', caption: 'Podcast host' }}
      progressLabel="Video generation progress"
      hangTight="Hang tight!"
    />
  )
}

const player = () => screen.queryByLabelText('Generated video')

describe('OutputPanel, the composer canvas (spec §2 output panel)', () => {
  it('shows the placeholder before anything runs', async () => {
    await renderGenerator(<Canvas view={{ phase: 'idle' }} />)
    expect(screen.getByRole('heading', { name: 'Output Video' })).toBeInTheDocument()
    expect(screen.getByText('Your creation will appear here')).toBeVisible()
    expect(player()).toBeNull()
  })

  it("shows the chosen template's sample behind the placeholder, marked as a sample made without AI", async () => {
    await renderGenerator(<Canvas view={{ phase: 'idle' }} sample="/templates/podcast.webp" />)
    expect(screen.getByText('Sample, made without AI')).toBeVisible()
    expect(screen.getByText('Podcast host')).toBeVisible()
    expect(screen.getByText('Your creation will appear here')).toBeVisible()
  })

  it('shows the progress while starting and generating (percent, bar, hang tight), hiding a preloaded video', async () => {
    const { rerender } = await renderGenerator(<Canvas view={{ phase: 'starting' }} preloaded={PRELOADED} />)
    expect(screen.getAllByText('AI video generation in progress').length).toBeGreaterThan(0)
    expect(screen.queryByRole('progressbar')).toBeNull()
    expect(player()).toBeNull()
    rerender(<Canvas view={{ phase: 'generating', requestId: 'r1', percent: 0, hangTight: true }} />)
    expect(screen.getByRole('progressbar', { name: 'Video generation progress' })).toHaveAttribute('value', '0')
    expect(screen.getByText('Hang tight!')).toBeVisible()
    rerender(<Canvas view={{ phase: 'generating', requestId: 'r1', percent: 40, hangTight: false }} />)
    expect(screen.getByRole('progressbar', { name: 'Video generation progress' })).toHaveAttribute('value', '40')
    expect(screen.getByText('40%')).toBeVisible()
    expect(screen.queryByText('Hang tight!')).toBeNull()
    expect(screen.queryByText('Your creation will appear here')).toBeNull()
  })

  it('shows the no-credits notice in the frame (the action bar leads to /purchase)', async () => {
    await renderGenerator(<Canvas view={{ phase: 'no-credits' }} />)
    expect(screen.getByText("You don't have enough credits to generate the video.")).toBeVisible()
  })

  it('plays the finished video and says it is ready', async () => {
    await renderGenerator(<Canvas view={{ phase: 'completed', outputUrl: VIDEO }} />)
    expect(player()).toHaveAttribute('src', VIDEO)
    expect(screen.getByText('Your video is ready.')).toBeInTheDocument()
  })

  it('shows a preloaded video while idle or after a failure; a finished job replaces it', async () => {
    const { rerender } = await renderGenerator(<Canvas view={{ phase: 'idle' }} preloaded={PRELOADED} />)
    expect(player()).toHaveAttribute('src', PRELOADED)
    rerender(<Canvas view={{ phase: 'failed', failure: { code: 'failed_to_generate' } }} preloaded={PRELOADED} />)
    expect(player()).toHaveAttribute('src', PRELOADED)
    rerender(<Canvas view={{ phase: 'completed', outputUrl: VIDEO }} preloaded={PRELOADED} />)
    expect(player()).toHaveAttribute('src', VIDEO)
  })

  it('clears a video that fails to load (spec §8)', async () => {
    await renderGenerator(<Canvas view={{ phase: 'idle' }} preloaded={PRELOADED} />)
    const video = player()
    if (video === null) throw new Error('no player')
    fireEvent.error(video)
    expect(player()).toBeNull()
    expect(screen.getByText('Your creation will appear here')).toBeVisible()
  })
})

describe('OutputPanel of a captioned lip sync', () => {
  it('offers the .vtt and .srt under the finished video, and nothing for a video without captions', async () => {
    const captions = { vtt: 'http://127.0.0.1/media/c.vtt?sig=1', srt: 'http://127.0.0.1/media/c.srt?sig=1' }
    const { unmount } = await renderGenerator(<Canvas view={{ phase: 'completed', outputUrl: VIDEO, captions }} />)
    expect(screen.getByRole('link', { name: 'Download captions (.vtt)' })).toHaveAttribute('href', captions.vtt)
    expect(screen.getByRole('link', { name: 'Download captions (.srt)' })).toHaveAttribute('download', 'captions.srt')
    unmount()
    await renderGenerator(<Canvas view={{ phase: 'completed', outputUrl: VIDEO }} />)
    expect(screen.queryByRole('link', { name: /Download captions/ })).toBeNull()
  })
})
