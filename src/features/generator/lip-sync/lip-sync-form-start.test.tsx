import { act, renderHook, screen, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { takeSharedFile } from '@/device/shared-file'
import type { UploadHandlers } from '@/api/upload'
import { useEnhancedLipSync } from '../enhanced-lip-sync'
import { fetchAudioFromUrl, type StoreOutcome, uploadMedia } from './api/store-media'
import { NO_LENGTH, renderForm, stored, VIDEO } from './test/render-lip-sync-form'

vi.mock('./api/store-media', () => ({
  uploadMedia: vi.fn<typeof uploadMedia>(),
  fetchAudioFromUrl: vi.fn<typeof fetchAudioFromUrl>(),
}))
vi.mock('@/device/shared-file', () => ({ takeSharedFile: vi.fn<typeof takeSharedFile>(() => Promise.resolve(null)) }))

beforeEach(() => {
  // The enhanced lip sync flag lives as long as the page (spec §3 session state): each test starts with it off.
  const flag = renderHook(() => useEnhancedLipSync())
  act(() => flag.result.current[1](false))
  flag.unmount()
  vi.mocked(uploadMedia).mockReset()
  vi.mocked(fetchAudioFromUrl).mockReset()
  vi.mocked(takeSharedFile).mockClear()
})

describe('upload progress (decision 0252)', () => {
  it('shows percent and megabytes sent, then Cancel stops the video upload and brings the picker back', async () => {
    let handlers: UploadHandlers = {}
    vi.mocked(uploadMedia).mockImplementation((_file, _preset, given = {}) => {
      handlers = given
      return new Promise((resolve) => given.signal?.addEventListener('abort', () => resolve({ kind: 'canceled' })))
    })
    const { user } = await renderForm({ video: undefined })
    await user.upload(screen.getByLabelText('Upload a video'), new File(['x'], 'clip.mp4', { type: 'video/mp4' }))
    const bar = await screen.findByRole('progressbar', { name: 'Uploading the video…' })
    expect(bar).toHaveAttribute('value', '0')
    act(() => handlers.onProgress?.({ sentBytes: 4.2 * 1024 * 1024, totalBytes: 10 * 1024 * 1024 }))
    expect(bar).toHaveAttribute('value', '42')
    expect(screen.getByText('42%')).toBeInTheDocument()
    expect(screen.getByText('4.2 of 10.0 MB sent')).toBeInTheDocument()
    // The picker makes way for the upload's card: nothing else can be picked meanwhile.
    expect(screen.queryByLabelText('Upload a video')).toBeNull()
    expect(screen.getByText('clip.mp4')).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Cancel upload' }))
    expect(handlers.signal?.aborted).toBe(true)
    expect(screen.queryByRole('progressbar')).toBeNull()
    expect(screen.queryByRole('alert')).toBeNull()
    expect(screen.getByLabelText('Upload a video')).toBeEnabled()
  })

  it('says when the connection dropped and the audio upload tries once more, then fails with the spec message', async () => {
    const upload = Promise.withResolvers<StoreOutcome>()
    let handlers: UploadHandlers = {}
    vi.mocked(uploadMedia).mockImplementation((_file, _preset, given = {}) => {
      handlers = given
      return upload.promise
    })
    const { user } = await renderForm()
    await user.upload(screen.getByLabelText('Audio file'), new File(['ID3'], 'voice.mp3', { type: 'audio/mpeg' }))
    expect(await screen.findByRole('progressbar', { name: 'Uploading the audio…' })).toBeInTheDocument()
    act(() => handlers.onRetry?.())
    expect(screen.getByText('The connection dropped. Trying once more…')).toBeInTheDocument()
    act(() => handlers.onProgress?.({ sentBytes: 512 * 1024, totalBytes: 1024 * 1024 }))
    expect(screen.getByText('The connection dropped. Trying once more…')).toBeInTheDocument()
    expect(screen.getByText('0.5 of 1.0 MB sent')).toBeInTheDocument()
    upload.resolve({ kind: 'failed' })
    expect(await screen.findByRole('alert')).toHaveTextContent('The audio could not be loaded. Please check your connection and try again.')
    expect(screen.queryByRole('progressbar')).toBeNull()
  })
})

describe('starting (spec §5, §8 lipsync_error, §9 cost)', () => {
  it('checks sign-in first (signin_error)', async () => {
    const signedOut = await renderForm({ session: 'signed-out' })
    expect(screen.getByLabelText('Audio file')).toBeDisabled()
    expect(screen.getByLabelText('Input video')).toBeInTheDocument()
    await signedOut.user.click(screen.getByRole('button', { name: 'Start lip sync' }))
    expect(screen.getByRole('alert')).toHaveTextContent('Please log in to the system to generate the video.')
    expect(signedOut.onStart).not.toHaveBeenCalled()
  })

  it('then checks the video (upload_video), the audio (audio_error) and its duration above 0 (invalid_audio)', async () => {
    vi.mocked(uploadMedia)
      .mockResolvedValueOnce(stored('http://127.0.0.1/media/clip.mp4', 4096, 3))
      .mockResolvedValueOnce(stored('http://127.0.0.1/media/silence.wav', 44, 0))
    const { user, onStart } = await renderForm({ video: undefined })
    const start = screen.getByRole('button', { name: 'Start lip sync' })
    await user.click(start)
    expect(screen.getByRole('alert')).toHaveTextContent('Please add a video to lip sync.')

    await user.upload(screen.getByLabelText('Upload a video'), new File(['x'], 'clip.mp4', { type: 'video/mp4' }))
    await screen.findByText('clip.mp4')
    await user.click(start)
    expect(screen.getByRole('alert')).toHaveTextContent('Please add the audio first: upload a file, record your voice or load an audio URL.')

    await user.upload(screen.getByLabelText('Audio file'), new File(['RIFF'], 'silence.wav', { type: 'audio/wav' }))
    await screen.findByText('silence.wav')
    await user.click(start)
    expect(screen.getByRole('alert')).toHaveTextContent(NO_LENGTH)
    expect(onStart).not.toHaveBeenCalled()
  })

  it('keeps the pickers and Start closed while the session loads (uploads need its token)', async () => {
    await renderForm({ session: 'loading', video: undefined })
    expect(screen.getByLabelText('Upload a video')).toBeDisabled()
    expect(screen.getByLabelText('Audio file')).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Start lip sync' })).toBeDisabled()
  })

  it('refuses audio whose length was not measured (invalid_audio)', async () => {
    vi.mocked(uploadMedia).mockResolvedValue(stored('http://127.0.0.1/media/c.wav', 1000, undefined))
    const { user, onStart } = await renderForm()
    await user.upload(screen.getByLabelText('Audio file'), new File(['RIFF'], 'empty.wav', { type: 'audio/wav' }))
    await screen.findByText('empty.wav')
    await user.click(screen.getByRole('button', { name: 'Start lip sync' }))
    expect(screen.getByRole('alert')).toHaveTextContent(NO_LENGTH)
    expect(onStart).not.toHaveBeenCalled()
  })

  it('shows the cost per started minute and starts with the chosen model', async () => {
    vi.mocked(uploadMedia).mockResolvedValue(stored('http://127.0.0.1/media/d.mp3', 5000, 61))
    const { user, onStart } = await renderForm()
    expect(screen.getByText('Costs 2.35 credits per started minute of audio.')).toBeInTheDocument()
    await user.upload(screen.getByLabelText('Audio file'), new File(['ID3'], 'talk.mp3', { type: 'audio/mpeg' }))
    await screen.findByText('talk.mp3')
    expect(screen.getByText(/Cost:/)).toHaveTextContent('Cost: 4.70 credits (2 started minutes × 2.35)')
    expect(screen.getByRole('button', { name: /^Start lip sync/ })).toHaveAccessibleName('Start lip sync · 4.70 credits')
    await user.click(screen.getByRole('switch', { name: 'Enhanced lip sync' }))
    expect(screen.getByText(/Cost:/)).toHaveTextContent('Cost: 6.00 credits (2 started minutes × 3.00)')
    expect(screen.getByText('Settings').closest('summary')).toHaveTextContent('Enhanced')
    await user.click(screen.getByRole('button', { name: 'Start lip sync · 6.00 credits' }))
    expect(onStart).toHaveBeenCalledWith({
      kind: 'lipsync',
      videoUrl: VIDEO,
      audioUrl: 'http://127.0.0.1/media/d.mp3',
      audioDurationSeconds: 61,
      enhanced: true,
      // What the form showed, kept with the job on the device (decision 0136).
      videoName: undefined,
      audioName: 'talk.mp3',
      audioBytes: 5000,
    })
  })

  it('keeps its inputs and disables the action bar while generating (the canvas shows the progress)', async () => {
    await renderForm({ view: { phase: 'generating', requestId: 'r1', percent: 42, hangTight: true } })
    expect(screen.getByRole('button', { name: /Lip syncing/ })).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Remove input video' })).toBeDisabled()
    expect(screen.queryByRole('progressbar')).toBeNull()
  })

  it("shows the running job's own video, audio and model, e.g. after a reload (decision 0136)", async () => {
    const jobParams = {
      kind: 'lipsync',
      videoUrl: 'http://127.0.0.1/media/job.mp4',
      audioUrl: 'http://127.0.0.1/media/job.mp3',
      audioDurationSeconds: 75,
      enhanced: true,
      videoName: 'take-3.mp4',
      audioName: 'pitch.mp3',
      audioBytes: 1.5 * 1024 * 1024,
    } as const
    await renderForm({ view: { phase: 'generating', requestId: 'r9', percent: 10, hangTight: false }, video: undefined, jobParams })
    expect(await screen.findByLabelText('Input video')).toHaveAttribute('src', jobParams.videoUrl)
    expect(screen.getByText('take-3.mp4')).toBeInTheDocument()
    expect(screen.getByText('pitch.mp3')).toBeInTheDocument()
    expect(screen.getByText('1:15 · 1.50 MB')).toBeInTheDocument()
    expect(screen.getByRole('switch', { name: 'Enhanced lip sync' })).toBeChecked()
    // spec §9: 2 started minutes × 3.00.
    expect(screen.getByText(/Cost:/)).toHaveTextContent('Cost: 6.00 credits (2 started minutes × 3.00)')
  })

  it('once the lip-synced video is there the bar offers Download, and Start again once an input changes', async () => {
    vi.mocked(uploadMedia).mockResolvedValue(stored('http://127.0.0.1/media/e.mp3', 2048, 4))
    const result = { videoUrl: 'http://127.0.0.1/media/synced.mp4' }
    const { user, show } = await renderForm()
    await user.upload(screen.getByLabelText('Audio file'), new File(['ID3'], 'e.mp3', { type: 'audio/mpeg' }))
    await screen.findByText('e.mp3')
    show({ phase: 'completed', outputUrl: result.videoUrl }, result)
    expect(screen.getByRole('button', { name: 'Download' })).toHaveClass('btn--primary')
    expect(screen.getByRole('button', { name: 'Lip sync again · 2.35 credits' })).toBeEnabled()
    expect(screen.queryByRole('button', { name: 'Add voice' })).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Remove audio' }))
    expect(screen.queryByRole('button', { name: 'Download' })).toBeNull()
    expect(screen.getByRole('button', { name: 'Start lip sync' })).toBeInTheDocument()
  })

  it.each([
    [{ code: 'one_time_generate' } as const, 'You can only generate one video at a time.'],
    [{ code: 'failed_to_generate' } as const, 'Failed to generate video. Please try again later.'],
    [{ code: 'user_credential' } as const, 'Unable to verify user credentials. Please try again.'],
    [{ code: 'user_not' } as const, 'User not found'],
    [{ code: 'server', message: 'The provider said no' } as const, 'Failed to generate video. Please try again later.'],
  ])('shows the failure %o', async (failure, text) => {
    await renderForm({ view: { phase: 'failed', failure } })
    expect(within(screen.getByRole('alert')).getByText(new RegExp(text.replace(/[.]/g, '\\.')))).toBeInTheDocument()
  })

  it("after the server's no-credits refusal the bar leads to /purchase", async () => {
    await renderForm({ view: { phase: 'no-credits' } })
    expect(screen.getByRole('status')).toHaveTextContent("You don't have enough credits to generate the video.")
    expect(screen.getByRole('link', { name: 'Add credits' })).toHaveAttribute('href', '/purchase')
    expect(screen.queryByRole('button', { name: /Start lip sync/ })).toBeNull()
  })

  it('clears the no-credits notice once a shorter audio costs what the balance covers, not before', async () => {
    // 5 credits: 5 minutes of audio cost 11.75 (spec §9: started minutes × 2.35), 4 s cost 2.35.
    vi.mocked(uploadMedia).mockResolvedValueOnce(stored('http://127.0.0.1/media/long.wav', 4_800_000, 300))
    vi.mocked(uploadMedia).mockResolvedValueOnce(stored('http://127.0.0.1/media/short.mp3', 2048, 4))
    const { user, show, onClearNotice } = await renderForm({ credits: 5 })
    await user.upload(screen.getByLabelText('Audio file'), new File(['RIFF'], 'long.wav', { type: 'audio/wav' }))
    expect(await screen.findByText('long.wav')).toBeInTheDocument()
    // Known on the device at once (decision 0135): 11.75 - 5 are missing.
    expect(screen.getByRole('status')).toHaveTextContent('6.75 credits missing')
    expect(screen.getByRole('link', { name: 'Add credits' })).toHaveAttribute('href', '/purchase')
    show({ phase: 'no-credits' })
    expect(screen.getByRole('status')).toHaveTextContent('6.75 credits missing')

    // Removing the audio or choosing the enhanced model (dearer still) changes nothing.
    await user.click(screen.getByRole('switch', { name: 'Enhanced lip sync' }))
    await user.click(screen.getByRole('switch', { name: 'Enhanced lip sync' }))
    await user.click(screen.getByRole('button', { name: 'Remove audio' }))
    expect(onClearNotice).not.toHaveBeenCalled()

    await user.upload(screen.getByLabelText('Audio file'), new File(['ID3'], 'short.mp3', { type: 'audio/mpeg' }))
    expect(await screen.findByText('short.mp3')).toBeInTheDocument()
    expect(onClearNotice).toHaveBeenCalled()
    // The runner clears the refusal: the bar starts again.
    show({ phase: 'idle' })
    expect(screen.queryByRole('status')).toBeNull()
    expect(screen.getByRole('button', { name: 'Start lip sync · 2.35 credits' })).toBeEnabled()
  })

  it('keeps the notice while cost and balance are what the server refused, even if the local balance looks enough', async () => {
    vi.mocked(uploadMedia).mockResolvedValueOnce(stored('http://127.0.0.1/media/a.mp3', 2048, 4))
    const { user, show, onClearNotice } = await renderForm({ credits: 10 })
    await user.upload(screen.getByLabelText('Audio file'), new File(['ID3'], 'a.mp3', { type: 'audio/mpeg' }))
    expect(await screen.findByText('a.mp3')).toBeInTheDocument()
    show({ phase: 'no-credits' })
    expect(screen.getByRole('status')).toHaveTextContent("You don't have enough credits")
    expect(onClearNotice).not.toHaveBeenCalled()
  })
})
