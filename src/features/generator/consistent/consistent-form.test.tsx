import { act, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { UploadHandlers } from '@/api/upload'
import type { ConsistentParams, JobView } from '@/jobs/types'
import type { Session } from '@/session/session'
import { renderGenerator } from '../test/render-generator'
import { type FaceUpload, uploadFaceImage } from './api/upload-face-image'
import { ConsistentForm } from './consistent-form'

vi.mock('./api/upload-face-image', () => ({ uploadFaceImage: vi.fn<typeof uploadFaceImage>() }))

const STORED = 'http://127.0.0.1/media/face.png'
const face = (name = 'face.png', type = 'image/png', bytes = 2048) => new File([new Uint8Array(bytes)], name, { type })

async function renderForm(options: { view?: JobView; session?: Session['status'] } = {}) {
  const onStart = vi.fn<(params: ConsistentParams) => void>()
  await renderGenerator(
    <ConsistentForm view={options.view ?? { phase: 'idle' }} session={options.session ?? 'signed-in'} onStart={onStart} onClearNotice={() => undefined} />,
  )
  return { onStart, user: userEvent.setup({ applyAccept: false, delay: null }) }
}

const imageField = () => screen.getByLabelText('Face image')
/** The action bar's start, named with its cost (spec §9: 2 credits). */
const generate = () => screen.getByRole('button', { name: 'Generate · 2.00 credits' })

beforeEach(() => {
  vi.mocked(uploadFaceImage).mockReset()
  Object.assign(URL, { createObjectURL: vi.fn<(blob: Blob) => string>(() => 'blob:http://127.0.0.1/preview'), revokeObjectURL: vi.fn<(url: string) => void>() })
})

describe('ConsistentForm face image (spec §5, §8)', () => {
  it('shows the hint and accepts only JPEG, PNG and WebP', async () => {
    await renderForm()
    expect(imageField()).toHaveAccessibleDescription('jpg, jpeg, png, webp up to 10MB')
    expect(imageField()).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp')
  })

  it('refuses another type before uploading (invalid_img)', async () => {
    const { user } = await renderForm()
    await user.upload(imageField(), face('face.gif', 'image/gif'))
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid file type. Please upload a file with one of the following formats.')
    expect(imageField()).toHaveAttribute('aria-invalid', 'true')
    expect(uploadFaceImage).not.toHaveBeenCalled()
  })

  it('refuses a file over 10 MB before uploading (file_too_large)', async () => {
    const { user } = await renderForm()
    await user.upload(imageField(), face('big.jpg', 'image/jpeg', 10 * 1024 * 1024 + 1))
    expect(screen.getByRole('alert')).toHaveTextContent('File is too large. Please upload a file smaller than 10MB.')
    expect(uploadFaceImage).not.toHaveBeenCalled()
  })

  it('previews and uploads a good image; Remove clears it', async () => {
    const upload = Promise.withResolvers<FaceUpload>()
    vi.mocked(uploadFaceImage).mockReturnValue(upload.promise)
    const { user } = await renderForm()
    await user.upload(imageField(), face())
    expect(screen.getByRole('img', { name: 'Face image preview: face.png' })).toHaveAttribute('src', 'blob:http://127.0.0.1/preview')
    expect(screen.getByRole('progressbar', { name: 'Uploading the image…' })).toBeInTheDocument()
    expect(generate()).toBeDisabled()
    upload.resolve({ kind: 'stored', url: STORED })
    expect(await screen.findByText('Ready')).toBeInTheDocument()
    expect(generate()).toBeEnabled()
    await user.click(screen.getByRole('button', { name: 'Remove image' }))
    expect(screen.queryByRole('img')).toBeNull()
  })

  it("shows the image upload's progress; Cancel upload stops it and clears the image without an error (decision 0252)", async () => {
    let handlers: UploadHandlers = {}
    vi.mocked(uploadFaceImage).mockImplementation((_file, given = {}) => {
      handlers = given
      return new Promise((resolve) => given.signal?.addEventListener('abort', () => resolve({ kind: 'canceled' })))
    })
    const { user } = await renderForm()
    await user.upload(imageField(), face())
    act(() => handlers.onProgress?.({ sentBytes: 3 * 1024 * 1024, totalBytes: 4 * 1024 * 1024 }))
    expect(screen.getByRole('progressbar', { name: 'Uploading the image…' })).toHaveAttribute('value', '75')
    expect(screen.getByText('3.0 of 4.0 MB sent')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Cancel upload' }))
    expect(handlers.signal?.aborted).toBe(true)
    expect(screen.queryByRole('img')).toBeNull()
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('keeps the picker closed while the session boots (the upload needs its token; a pick then was refused as a visitor)', async () => {
    await renderForm({ session: 'loading' })
    expect(imageField()).toBeDisabled()
  })

  it('asks a visitor to log in instead of uploading (spec §6)', async () => {
    const { user } = await renderForm({ session: 'signed-out' })
    await user.upload(imageField(), face())
    expect(screen.getByRole('alert')).toHaveTextContent('Please log in to the system to generate the video.')
    expect(uploadFaceImage).not.toHaveBeenCalled()
  })

  it.each([
    [{ kind: 'invalid_img' } as const, 'Invalid file type.'],
    [{ kind: 'file_too_large' } as const, 'File is too large.'],
    [{ kind: 'error_occured' } as const, 'An error occurred while uploading the image. Please try again.'],
  ])('shows the server refusal %o', async (outcome, text) => {
    vi.mocked(uploadFaceImage).mockResolvedValue(outcome)
    const { user } = await renderForm()
    await user.upload(imageField(), face())
    expect(await screen.findByRole('alert')).toHaveTextContent(text)
    expect(screen.queryByRole('img')).toBeNull()
  })
})

describe('ConsistentForm start (spec §5, §8, §9)', () => {
  it("shows the running job's face image and prompt, e.g. after a reload (decision 0136)", async () => {
    const onStart = vi.fn<(params: ConsistentParams) => void>()
    await renderGenerator(
      <ConsistentForm
        view={{ phase: 'generating', requestId: 'r1', percent: 30, hangTight: false }}
        session="signed-in"
        onStart={onStart}
        onClearNotice={() => undefined}
        jobParams={{ kind: 'consistent', prompt: 'He nods twice.', imageUrl: STORED, imageName: 'me.jpg' }}
      />,
    )
    expect(await screen.findByRole('img', { name: 'Face image preview: me.jpg' })).toHaveAttribute('src', STORED)
    expect(screen.getByRole('textbox', { name: 'Prompt' })).toHaveDisplayValue('He nods twice.')
    expect(screen.getByText('Ready')).toBeInTheDocument()
  })

  it('tells the canvas which face to show', async () => {
    vi.mocked(uploadFaceImage).mockResolvedValue({ kind: 'stored', url: STORED })
    const onPreviewChange = vi.fn<(url: string | null) => void>()
    await renderGenerator(
      <ConsistentForm
        view={{ phase: 'idle' }}
        session="signed-in"
        onStart={() => undefined}
        onClearNotice={() => undefined}
        onPreviewChange={onPreviewChange}
      />,
    )
    const user = userEvent.setup({ applyAccept: false, delay: null })
    await user.upload(imageField(), face())
    expect(onPreviewChange).toHaveBeenLastCalledWith('blob:http://127.0.0.1/preview')
    await screen.findByText('Ready')
    await user.click(screen.getByRole('button', { name: 'Remove image' }))
    expect(onPreviewChange).toHaveBeenLastCalledWith(null)
  })

  it('needs sign-in, then an image, then a prompt', async () => {
    vi.mocked(uploadFaceImage).mockResolvedValue({ kind: 'stored', url: STORED })
    const signedOut = await renderForm({ session: 'signed-out' })
    await signedOut.user.click(generate())
    expect(screen.getByRole('alert')).toHaveTextContent('Please log in to the system to generate the video.')
    document.body.innerHTML = ''

    const { user, onStart } = await renderForm()
    await user.click(generate())
    expect(screen.getByRole('alert')).toHaveTextContent('Please upload a face image.')
    await user.upload(imageField(), face())
    await screen.findByText('Ready')
    expect(screen.queryByRole('alert')).toBeNull()
    await user.click(generate())
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a prompt.')
    expect(onStart).not.toHaveBeenCalled()
    await user.type(screen.getByRole('textbox', { name: 'Prompt' }), ' She waves hello. ')
    await user.click(generate())
    // The image's name is kept with the job on the device, so the form can show it after a reload (decision 0136).
    expect(onStart).toHaveBeenCalledWith({ kind: 'consistent', prompt: 'She waves hello.', imageUrl: STORED, imageName: 'face.png' })
  })

  it('costs 2 credits; a status error shows translated, the server text only as a marked English detail (spec §4, decision 0253)', async () => {
    await renderForm({ view: { phase: 'failed', failure: { code: 'server', message: 'No face found in the image.' } } })
    expect(generate()).toBeInTheDocument()
    const alert = screen.getByRole('alert')
    expect(alert).toHaveTextContent('Failed to generate video. Please try again later.')
    expect(within(alert).getByText('No face found in the image.')).toHaveAttribute('lang', 'en')
  })
})
