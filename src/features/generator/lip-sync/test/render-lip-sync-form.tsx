import userEvent from '@testing-library/user-event'
import { vi } from 'vitest'
import type { JobView, LipSyncParams } from '@/jobs/types'
import type { Session } from '@/session/session'
import type { CanvasResult } from '../../generator-bar'
import { adaWithCredits, renderGenerator, signedOut } from '../../test/render-generator'
import type { StoreOutcome } from '../api/store-media'
import { LipSyncForm } from '../lip-sync-form'

// The lip-sync form as its step renders it, for the form's tests (which mock
// ./api/store-media and @/device/shared-file themselves: vi.mock is per file).

export const VIDEO = 'http://127.0.0.1/media/video.mp4'
/** lipsync_error.invalid_audio (spec §5: audio duration greater than 0). */
export const NO_LENGTH = 'This audio has no length or cannot be played. Please use an audio file longer than 0 seconds.'
export const stored = (url: string, bytes: number, durationSeconds: number | undefined): StoreOutcome => ({
  kind: 'stored',
  media: { url, bytes, durationSeconds },
})

interface FormOptions {
  view?: JobView
  video?: string
  session?: 'loading' | 'signed-out' | 'signed-in'
  credits?: number
  jobParams?: LipSyncParams
  result?: CanvasResult | null
}

export async function renderForm(options: FormOptions = {}) {
  const onStart = vi.fn<(params: LipSyncParams) => void>()
  const onClearNotice = vi.fn<() => void>()
  const onPreviewChange = vi.fn<(url: string | null) => void>()
  const status = options.session ?? 'signed-in'
  const session: Session = status === 'signed-in' ? adaWithCredits(options.credits ?? 10) : status === 'loading' ? { status } : signedOut
  let view = options.view ?? { phase: 'idle' }
  let result = options.result ?? null
  const form = (initialVideoUrl: string | undefined) => (
    <LipSyncForm
      initialVideoUrl={initialVideoUrl}
      session={status}
      view={view}
      onStart={onStart}
      onClearNotice={onClearNotice}
      jobParams={options.jobParams}
      onPreviewChange={onPreviewChange}
      result={result}
    />
  )
  let video = 'video' in options ? options.video : VIDEO
  const { rerender } = await renderGenerator(form(video), session)
  /** The page offers another video as the input (a step-1 video finished meanwhile). */
  const offer = (url: string | undefined) => {
    video = url
    rerender(form(url))
  }
  /** The job's view changes (a start refused, a job ended), with the canvas's video if there is one. */
  const show = (next: JobView, nextResult: CanvasResult | null = result) => {
    view = next
    result = nextResult
    rerender(form(video))
  }
  return { onStart, onClearNotice, onPreviewChange, offer, show, user: userEvent.setup({ applyAccept: false }) }
}
