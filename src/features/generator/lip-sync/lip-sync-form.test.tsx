import { setupI18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { act, cleanup, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { takeSharedFile } from '@/device/shared-file'
import type { UploadHandlers } from '@/api/upload'
import type { JobView, LipSyncParams } from '@/jobs/types'
import { type Session, SessionContext } from '@/session/session'
import { adaWithCredits, signedOut } from '../test/render-generator'
import { fetchAudioFromUrl, type StoreOutcome, uploadMedia } from './api/store-media'
import { LipSyncForm } from './lip-sync-form'

vi.mock('./api/store-media', () => ({
  uploadMedia: vi.fn<typeof uploadMedia>(),
  fetchAudioFromUrl: vi.fn<typeof fetchAudioFromUrl>(),
}))
vi.mock('@/device/shared-file', () => ({ takeSharedFile: vi.fn<typeof takeSharedFile>(() => Promise.resolve(null)) }))

const VIDEO = 'http://127.0.0.1/media/video.mp4'
/** lipsync_error.invalid_audio (spec §5: audio duration greater than 0). */
const NO_LENGTH = 'This audio has no length or cannot be played. Please use an audio file longer than 0 seconds.'
const stored = (url: string, bytes: number, durationSeconds: number | undefined): StoreOutcome => ({
  kind: 'stored',
  media: { url, bytes, durationSeconds },
})

function renderForm(options: { view?: JobView; video?: string; session?: 'loading' | 'signed-out' | 'signed-in'; credits?: number } = {}) {
  const i18n = setupI18n()
  i18n.loadAndActivate({ locale: 'en', messages: {} })
  const onStart = vi.fn<(params: LipSyncParams) => void>()
  const onClearNotice = vi.fn<() => void>()
  const status = options.session ?? 'signed-in'
  const session: Session =
    status === 'signed-in' ? adaWithCredits(options.credits ?? 10) : status === 'loading' ? { status } : signedOut
  let view = options.view ?? { phase: 'idle' }
  const form = (initialVideoUrl: string | undefined) => (
    <I18nProvider i18n={i18n}>
      <SessionContext value={session}>
        <LipSyncForm initialVideoUrl={initialVideoUrl} session={status} view={view} onStart={onStart} onClearNotice={onClearNotice} />
      </SessionContext>
    </I18nProvider>
  )
  let video = 'video' in options ? options.video : VIDEO
  const { rerender } = render(form(video))
  /** The page offers another video as the input (a step-1 video finished meanwhile). */
  const offer = (url: string | undefined) => {
    video = url
    rerender(form(url))
  }
  /** The job's view changes (a start refused, a job ended). */
  const show = (next: JobView) => {
    view = next
    rerender(form(video))
  }
  return { onStart, onClearNotice, offer, show, user: userEvent.setup({ applyAccept: false }) }
}

beforeEach(() => {
  vi.mocked(uploadMedia).mockReset()
  vi.mocked(fetchAudioFromUrl).mockReset()
  vi.mocked(takeSharedFile).mockClear()
})

describe('audio upload mode', () => {
  it('uploads a file and shows the file card with player, name, size in MB and Remove', async () => {
    vi.mocked(uploadMedia).mockResolvedValue(stored('http://127.0.0.1/media/a.mp3', 2.5 * 1024 * 1024, 4))
    const { user } = renderForm()
    await user.upload(screen.getByLabelText('Audio file'), new File(['ID3'], 'voice.mp3', { type: 'audio/mpeg' }))
    expect(await screen.findByText('voice.mp3')).toBeInTheDocument()
    expect(screen.getByText('2.50 MB')).toBeInTheDocument()
    expect(screen.getByLabelText('Audio: voice.mp3')).toHaveAttribute('src', 'http://127.0.0.1/media/a.mp3')
    expect(uploadMedia).toHaveBeenCalledWith(expect.any(File), 'audio', expect.objectContaining({ signal: expect.any(AbortSignal), onProgress: expect.any(Function), onRetry: expect.any(Function) }))
    await user.click(screen.getByRole('button', { name: 'Remove audio' }))
    expect(screen.queryByText('voice.mp3')).not.toBeInTheDocument()
    expect(screen.getByLabelText('Audio file')).toBeInTheDocument()
  })

  it('gives invalid_audio for a file of an allowed type the server cannot play (no length), not the file-type message', async () => {
    vi.mocked(uploadMedia).mockResolvedValue({ kind: 'invalid_type' })
    const { user } = renderForm()
    await user.upload(screen.getByLabelText('Audio file'), new File(['RIFF'], 'silence.wav', { type: 'audio/wav' }))
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent(NO_LENGTH)
    expect(alert).not.toHaveTextContent('Invalid file type')
    expect(screen.queryByText('silence.wav')).not.toBeInTheDocument()
  })

  it('refuses a wrong type and a file over 10 MB without uploading', async () => {
    const { user } = renderForm()
    await user.upload(screen.getByLabelText('Audio file'), new File(['x'], 'notes.txt', { type: 'text/plain' }))
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Invalid file type. Please upload a file with one of the following formats.')
    expect(alert).toHaveTextContent('mp3, ogg, wav, m4a, aac')
    await user.upload(screen.getByLabelText('Audio file'), new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'long.mp3', { type: 'audio/mpeg' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('File is too large. Please upload a file smaller than 10MB.')
    expect(uploadMedia).not.toHaveBeenCalled()
  })
})

describe('audio URL mode', () => {
  it('loads the URL through the server and names the card after it', async () => {
    vi.mocked(fetchAudioFromUrl).mockResolvedValue(stored('http://127.0.0.1/media/b.mp3', 1024 * 1024, 3))
    const { user } = renderForm()
    await user.click(screen.getByRole('radio', { name: 'Audio URL' }))
    await user.type(screen.getByRole('textbox', { name: 'Audio URL' }), 'https://cdn.example.com/voices/hello%20there.mp3')
    await user.click(screen.getByRole('button', { name: 'Load audio' }))
    expect(await screen.findByText('hello there.mp3')).toBeInTheDocument()
    expect(fetchAudioFromUrl).toHaveBeenCalledWith('https://cdn.example.com/voices/hello%20there.mp3')
  })

  it('gives the unsupported-URL message for a non-URL and for a server refusal', async () => {
    vi.mocked(fetchAudioFromUrl).mockResolvedValue({ kind: 'invalid_type' })
    const { user } = renderForm()
    await user.click(screen.getByRole('radio', { name: 'Audio URL' }))
    const field = screen.getByRole('textbox', { name: 'Audio URL' })
    await user.type(field, 'not a url')
    await user.click(screen.getByRole('button', { name: 'Load audio' }))
    const message = 'Unsupported file type or URL. Please upload a file in one of the supported formats listed below.'
    expect(await screen.findByRole('alert')).toHaveTextContent(message)
    expect(fetchAudioFromUrl).not.toHaveBeenCalled()
    await user.clear(field)
    await user.type(field, 'https://example.com/page.html')
    await user.click(screen.getByRole('button', { name: 'Load audio' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(message)
    expect(screen.getByText(/Supported formats: wav, mp3, mpeg, mp4/)).toBeInTheDocument()
  })
})

describe('upload progress (decision 0252)', () => {
  it('shows percent and megabytes sent, then Cancel stops the video upload and brings the picker back', async () => {
    let handlers: UploadHandlers = {}
    vi.mocked(uploadMedia).mockImplementation((_file, _preset, given = {}) => {
      handlers = given
      return new Promise((resolve) => given.signal?.addEventListener('abort', () => resolve({ kind: 'canceled' })))
    })
    const { user } = renderForm({ video: undefined })
    await user.upload(screen.getByLabelText('Upload a video'), new File(['x'], 'clip.mp4', { type: 'video/mp4' }))
    const bar = await screen.findByRole('progressbar', { name: 'Uploading the video…' })
    expect(bar).toHaveAttribute('value', '0')
    act(() => handlers.onProgress?.({ sentBytes: 4.2 * 1024 * 1024, totalBytes: 10 * 1024 * 1024 }))
    expect(bar).toHaveAttribute('value', '42')
    expect(screen.getByText('42%')).toBeInTheDocument()
    expect(screen.getByText('4.2 of 10.0 MB sent')).toBeInTheDocument()
    expect(screen.getByLabelText('Upload a video')).toBeDisabled()

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
    const { user } = renderForm()
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

describe('input video', () => {
  it('starts from the preloaded video, is removable, and takes only video uploads', async () => {
    vi.mocked(uploadMedia).mockResolvedValueOnce({ kind: 'failed' })
    const { user } = renderForm()
    expect(screen.getByLabelText('Input video')).toHaveAttribute('src', VIDEO)
    await user.click(screen.getByRole('button', { name: 'Remove input video' }))
    const picker = screen.getByLabelText('Upload a video')
    await user.upload(picker, new File(['x'], 'clip.avi', { type: 'video/x-msvideo' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Invalid file type. Please upload a video file in one of the following formats: mp4, mov, webm, m4v',
    )
    await user.upload(picker, new File(['x'], 'clip.mp4', { type: 'video/mp4' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to Upload the video. Please try again later.')
  })

  it('takes a video finished in step 1 meanwhile into an empty input, keeping the audio (decision 0133)', async () => {
    vi.mocked(uploadMedia).mockResolvedValue(stored('http://127.0.0.1/media/a.mp3', 2048, 4))
    const { user, offer } = renderForm({ video: undefined })
    await user.upload(screen.getByLabelText('Audio file'), new File(['ID3'], 'voice.mp3', { type: 'audio/mpeg' }))
    await screen.findByText('voice.mp3')
    offer('http://127.0.0.1/media/made.mp4')
    expect(screen.getByLabelText('Input video')).toHaveAttribute('src', 'http://127.0.0.1/media/made.mp4')
    expect(screen.getByText('voice.mp3')).toBeInTheDocument()
  })

  it("never replaces a video the user has in the input with one finished meanwhile", async () => {
    vi.mocked(uploadMedia).mockResolvedValue(stored('http://127.0.0.1/media/mine.mp4', 4096, 3))
    const { user, offer } = renderForm({ video: undefined })
    await user.upload(screen.getByLabelText('Upload a video'), new File(['x'], 'mine.mp4', { type: 'video/mp4' }))
    await screen.findByText('mine.mp4')
    offer('http://127.0.0.1/media/made.mp4')
    expect(screen.getByLabelText('Input video')).toHaveAttribute('src', 'http://127.0.0.1/media/mine.mp4')
    offer(undefined)
    expect(screen.getByLabelText('Input video')).toHaveAttribute('src', 'http://127.0.0.1/media/mine.mp4')
  })

  it('clears a video that fails to load (spec §8)', async () => {
    renderForm()
    screen.getByLabelText('Input video').dispatchEvent(new Event('error'))
    expect(await screen.findByLabelText('Upload a video')).toBeInTheDocument()
  })
})

describe('starting (spec §5, §8 lipsync_error, §9 cost)', () => {
  it('checks sign-in first (signin_error)', async () => {
    const signedOut = renderForm({ session: 'signed-out' })
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
    const { user, onStart } = renderForm({ video: undefined })
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

  it('keeps the pickers and Start closed while the session loads (uploads need its token)', () => {
    renderForm({ session: 'loading', video: undefined })
    expect(screen.getByLabelText('Upload a video')).toBeDisabled()
    expect(screen.getByLabelText('Audio file')).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Start lip sync' })).toBeDisabled()
  })

  it('refuses audio whose length was not measured (invalid_audio)', async () => {
    vi.mocked(uploadMedia).mockResolvedValue(stored('http://127.0.0.1/media/c.wav', 1000, undefined))
    const { user, onStart } = renderForm()
    await user.upload(screen.getByLabelText('Audio file'), new File(['RIFF'], 'empty.wav', { type: 'audio/wav' }))
    await screen.findByText('empty.wav')
    await user.click(screen.getByRole('button', { name: 'Start lip sync' }))
    expect(screen.getByRole('alert')).toHaveTextContent(NO_LENGTH)
    expect(onStart).not.toHaveBeenCalled()
  })

  it('shows the cost per started minute and starts with the chosen model', async () => {
    vi.mocked(uploadMedia).mockResolvedValue(stored('http://127.0.0.1/media/d.mp3', 5000, 61))
    const { user, onStart } = renderForm()
    expect(screen.getByText('Costs 2.35 credits per started minute of audio.')).toBeInTheDocument()
    await user.upload(screen.getByLabelText('Audio file'), new File(['ID3'], 'talk.mp3', { type: 'audio/mpeg' }))
    await screen.findByText('talk.mp3')
    expect(screen.getByText(/Cost:/)).toHaveTextContent('Cost: 4.70 credits (2 started minutes × 2.35)')
    await user.click(screen.getByRole('switch', { name: 'Enhanced lip sync' }))
    expect(screen.getByText(/Cost:/)).toHaveTextContent('Cost: 6.00 credits (2 started minutes × 3.00)')
    await user.click(screen.getByRole('button', { name: 'Start lip sync' }))
    expect(onStart).toHaveBeenCalledWith({
      kind: 'lipsync',
      videoUrl: VIDEO,
      audioUrl: 'http://127.0.0.1/media/d.mp3',
      audioDurationSeconds: 61,
      enhanced: true,
    })
  })

  it('shows progress while generating and the job refusals as lipsync_error messages', () => {
    renderForm({ view: { phase: 'generating', requestId: 'r1', percent: 42, hangTight: true } })
    expect(screen.getByRole('progressbar', { name: 'Lip sync progress' })).toHaveAttribute('value', '42')
    expect(screen.getByRole('button', { name: /Lip syncing/ })).toBeDisabled()
    expect(screen.getByText(/Hang tight/)).toBeInTheDocument()
  })

  it.each([
    [{ code: 'one_time_generate' } as const, 'You can only generate one video at a time.'],
    [{ code: 'failed_to_generate' } as const, 'Failed to generate video. Please try again later.'],
    [{ code: 'user_credential' } as const, 'Unable to verify user credentials. Please try again.'],
    [{ code: 'user_not' } as const, 'User not found'],
    [{ code: 'server', message: 'The provider said no' } as const, 'Failed to generate video. Please try again later.'],
  ])('shows the failure %o', (failure, text) => {
    renderForm({ view: { phase: 'failed', failure } })
    expect(within(screen.getByRole('alert')).getByText(new RegExp(text.replace(/[.]/g, '\\.')))).toBeInTheDocument()
  })

  it('names the missing credits', () => {
    renderForm({ view: { phase: 'no-credits' } })
    expect(screen.getByRole('alert')).toHaveTextContent("You don't have enough credits to generate the video.")
  })

  it('clears the no-credits notice once a shorter audio costs what the balance covers, not before', async () => {
    // 5 credits: 5 minutes of audio cost 11.75 (spec §9: started minutes × 2.35), 4 s cost 2.35.
    vi.mocked(uploadMedia).mockResolvedValueOnce(stored('http://127.0.0.1/media/long.wav', 4_800_000, 300))
    vi.mocked(uploadMedia).mockResolvedValueOnce(stored('http://127.0.0.1/media/short.mp3', 2048, 4))
    const { user, show, onClearNotice } = renderForm({ credits: 5 })
    await user.upload(screen.getByLabelText('Audio file'), new File(['RIFF'], 'long.wav', { type: 'audio/wav' }))
    expect(await screen.findByText('long.wav')).toBeInTheDocument()
    show({ phase: 'no-credits' })
    expect(screen.getByRole('alert')).toHaveTextContent("You don't have enough credits to generate the video.")

    // Removing the audio or choosing the enhanced model (dearer still) changes nothing.
    await user.click(screen.getByRole('switch', { name: 'Enhanced lip sync' }))
    await user.click(screen.getByRole('switch', { name: 'Enhanced lip sync' }))
    await user.click(screen.getByRole('button', { name: 'Remove audio' }))
    expect(onClearNotice).not.toHaveBeenCalled()

    await user.upload(screen.getByLabelText('Audio file'), new File(['ID3'], 'short.mp3', { type: 'audio/mpeg' }))
    expect(await screen.findByText('short.mp3')).toBeInTheDocument()
    expect(onClearNotice).toHaveBeenCalled()
  })

  it('keeps the notice while cost and balance are what the server refused, even if the local balance looks enough', async () => {
    vi.mocked(uploadMedia).mockResolvedValueOnce(stored('http://127.0.0.1/media/a.mp3', 2048, 4))
    const { user, show, onClearNotice } = renderForm({ credits: 10 })
    await user.upload(screen.getByLabelText('Audio file'), new File(['ID3'], 'a.mp3', { type: 'audio/mpeg' }))
    expect(await screen.findByText('a.mp3')).toBeInTheDocument()
    show({ phase: 'no-credits' })
    expect(screen.getByRole('alert')).toHaveTextContent("You don't have enough credits")
    expect(onClearNotice).not.toHaveBeenCalled()
  })
})

describe('a file shared to the app (decision 0172)', () => {
  it('goes to the audio picker once signed in, with its checks', async () => {
    vi.mocked(takeSharedFile).mockResolvedValueOnce(new File(['ID3'], 'shared.mp3', { type: 'audio/mpeg' }))
    vi.mocked(uploadMedia).mockResolvedValue(stored('http://127.0.0.1/media/s.mp3', 2048, 2))
    renderForm()
    expect(await screen.findByText('shared.mp3')).toBeInTheDocument()
    expect(uploadMedia).toHaveBeenCalledWith(expect.objectContaining({ name: 'shared.mp3' }), 'audio', expect.anything())
    expect(takeSharedFile).toHaveBeenCalledTimes(1)
  })

  it('goes to the video picker for a video, and waits for the session', async () => {
    vi.mocked(takeSharedFile).mockResolvedValueOnce(new File(['x'], 'clip.mov', { type: 'video/quicktime' }))
    vi.mocked(uploadMedia).mockResolvedValue(stored('http://127.0.0.1/media/v.mov', 4096, 3))
    renderForm({ session: 'loading', video: undefined })
    expect(takeSharedFile).not.toHaveBeenCalled()
    cleanup()
    renderForm({ video: undefined })
    expect(await screen.findByText('clip.mov')).toBeInTheDocument()
    expect(uploadMedia).toHaveBeenCalledWith(expect.objectContaining({ name: 'clip.mov' }), 'video', expect.anything())
  })
})
