import { cleanup, screen, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { takeSharedFile } from '@/device/shared-file'
import { fetchAudioFromUrl, uploadMedia } from './api/store-media'
import { NO_LENGTH, renderForm, stored, VIDEO } from './test/render-lip-sync-form'

vi.mock('./api/store-media', () => ({
  uploadMedia: vi.fn<typeof uploadMedia>(),
  fetchAudioFromUrl: vi.fn<typeof fetchAudioFromUrl>(),
}))
vi.mock('@/device/shared-file', () => ({ takeSharedFile: vi.fn<typeof takeSharedFile>(() => Promise.resolve(null)) }))

beforeEach(() => {
  vi.mocked(uploadMedia).mockReset()
  vi.mocked(fetchAudioFromUrl).mockReset()
  vi.mocked(takeSharedFile).mockClear()
})

describe('audio upload mode', () => {
  it('uploads a file and shows the file card with player, name, size in MB and Remove', async () => {
    vi.mocked(uploadMedia).mockResolvedValue(stored('http://127.0.0.1/media/a.mp3', 2.5 * 1024 * 1024, 4))
    const { user } = await renderForm()
    await user.upload(screen.getByLabelText('Audio file'), new File(['ID3'], 'voice.mp3', { type: 'audio/mpeg' }))
    expect(await screen.findByText('voice.mp3')).toBeInTheDocument()
    // Its length and size (spec §2: size in MB).
    expect(screen.getByText('0:04 · 2.50 MB')).toBeInTheDocument()
    expect(screen.getByLabelText('Audio: voice.mp3')).toHaveAttribute('src', 'http://127.0.0.1/media/a.mp3')
    expect(uploadMedia).toHaveBeenCalledWith(
      expect.any(File),
      'audio',
      expect.objectContaining({ signal: expect.any(AbortSignal), onProgress: expect.any(Function), onRetry: expect.any(Function) }),
    )
    await user.click(screen.getByRole('button', { name: 'Remove audio' }))
    expect(screen.queryByText('voice.mp3')).not.toBeInTheDocument()
    expect(screen.getByLabelText('Audio file')).toBeInTheDocument()
  })

  it('gives invalid_audio for a file of an allowed type the server cannot play (no length), not the file-type message', async () => {
    vi.mocked(uploadMedia).mockResolvedValue({ kind: 'invalid_type' })
    const { user } = await renderForm()
    await user.upload(screen.getByLabelText('Audio file'), new File(['RIFF'], 'silence.wav', { type: 'audio/wav' }))
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent(NO_LENGTH)
    expect(alert).not.toHaveTextContent('Invalid file type')
    expect(screen.queryByText('silence.wav')).not.toBeInTheDocument()
  })

  it('refuses a wrong type and a file over 10 MB without uploading', async () => {
    const { user } = await renderForm()
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
    const { user } = await renderForm()
    await user.click(screen.getByRole('radio', { name: 'Audio URL' }))
    await user.type(screen.getByRole('textbox', { name: 'Audio URL' }), 'https://cdn.example.com/voices/hello%20there.mp3')
    await user.click(screen.getByRole('button', { name: 'Load audio' }))
    expect(await screen.findByText('hello there.mp3')).toBeInTheDocument()
    expect(fetchAudioFromUrl).toHaveBeenCalledWith('https://cdn.example.com/voices/hello%20there.mp3')
  })

  it('names the real reason a URL is refused, and lists the formats under the type refusal (decision 0137)', async () => {
    vi.mocked(fetchAudioFromUrl)
      .mockResolvedValueOnce({ kind: 'invalid_type' })
      .mockResolvedValueOnce({ kind: 'url_not_allowed' })
      .mockResolvedValueOnce({ kind: 'upstream_failed' })
    const { user } = await renderForm()
    await user.click(screen.getByRole('radio', { name: 'Audio URL' }))
    const field = screen.getByRole('textbox', { name: 'Audio URL' })
    const load = async (url: string) => {
      await user.clear(field)
      await user.type(field, url)
      await user.click(screen.getByRole('button', { name: 'Load audio' }))
    }
    await load('not a url')
    expect(await screen.findByRole('alert')).toHaveTextContent('This is not a web address. Enter the full link to the audio file, starting with https://.')
    expect(fetchAudioFromUrl).not.toHaveBeenCalled()
    expect(field).toHaveAccessibleDescription(/Supported formats: wav, mp3/)

    await load('https://example.com/page.html')
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Unsupported file type or URL. Please upload a file in one of the supported formats listed below.')
    // spec §8 says "listed below": they are, under the message, and only there.
    expect(within(alert).getByText(/Supported formats: wav, mp3, mpeg, mp4/)).toBeInTheDocument()
    expect(screen.getAllByText(/Supported formats/)).toHaveLength(1)

    await load('http://192.168.1.20/voice.mp3')
    expect(await screen.findByRole('alert')).toHaveTextContent('it points to a private or local network')
    await load('https://example.com/gone.mp3')
    expect(await screen.findByRole('alert')).toHaveTextContent('No audio file came from this address')
  })
})

describe('input video', () => {
  it('starts from the preloaded video, is removable, and takes only video uploads', async () => {
    vi.mocked(uploadMedia).mockResolvedValueOnce({ kind: 'failed' })
    const { user } = await renderForm()
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
    const { user, offer } = await renderForm({ video: undefined })
    await user.upload(screen.getByLabelText('Audio file'), new File(['ID3'], 'voice.mp3', { type: 'audio/mpeg' }))
    await screen.findByText('voice.mp3')
    offer('http://127.0.0.1/media/made.mp4')
    expect(screen.getByLabelText('Input video')).toHaveAttribute('src', 'http://127.0.0.1/media/made.mp4')
    expect(screen.getByText('voice.mp3')).toBeInTheDocument()
  })

  it('never replaces a video the user has in the input with one finished meanwhile', async () => {
    vi.mocked(uploadMedia).mockResolvedValue(stored('http://127.0.0.1/media/mine.mp4', 4096, 3))
    const { user, offer } = await renderForm({ video: undefined })
    await user.upload(screen.getByLabelText('Upload a video'), new File(['x'], 'mine.mp4', { type: 'video/mp4' }))
    await screen.findByText('mine.mp4')
    offer('http://127.0.0.1/media/made.mp4')
    expect(screen.getByLabelText('Input video')).toHaveAttribute('src', 'http://127.0.0.1/media/mine.mp4')
    offer(undefined)
    expect(screen.getByLabelText('Input video')).toHaveAttribute('src', 'http://127.0.0.1/media/mine.mp4')
  })

  it('clears a video that fails to load (spec §8)', async () => {
    await renderForm()
    screen.getByLabelText('Input video').dispatchEvent(new Event('error'))
    expect(await screen.findByLabelText('Upload a video')).toBeInTheDocument()
  })
})

describe('a file shared to the app (decision 0172)', () => {
  it('goes to the audio picker once signed in, with its checks', async () => {
    vi.mocked(takeSharedFile).mockResolvedValueOnce(new File(['ID3'], 'shared.mp3', { type: 'audio/mpeg' }))
    vi.mocked(uploadMedia).mockResolvedValue(stored('http://127.0.0.1/media/s.mp3', 2048, 2))
    await renderForm()
    expect(await screen.findByText('shared.mp3')).toBeInTheDocument()
    expect(uploadMedia).toHaveBeenCalledWith(expect.objectContaining({ name: 'shared.mp3' }), 'audio', expect.anything())
    expect(takeSharedFile).toHaveBeenCalledTimes(1)
  })

  it('goes to the video picker for a video, and waits for the session', async () => {
    vi.mocked(takeSharedFile).mockResolvedValueOnce(new File(['x'], 'clip.mov', { type: 'video/quicktime' }))
    vi.mocked(uploadMedia).mockResolvedValue(stored('http://127.0.0.1/media/v.mov', 4096, 3))
    await renderForm({ session: 'loading', video: undefined })
    expect(takeSharedFile).not.toHaveBeenCalled()
    cleanup()
    await renderForm({ video: undefined })
    expect(await screen.findByText('clip.mov')).toBeInTheDocument()
    expect(uploadMedia).toHaveBeenCalledWith(expect.objectContaining({ name: 'clip.mov' }), 'video', expect.anything())
  })
})
