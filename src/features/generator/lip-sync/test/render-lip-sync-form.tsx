import { setupI18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { render } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { vi } from 'vitest'
import type { JobView, LipSyncParams } from '@/jobs/types'
import { type Session, SessionContext } from '@/session/session'
import { adaWithCredits, signedOut } from '../../test/render-generator'
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

export function renderForm(options: { view?: JobView; video?: string; session?: 'loading' | 'signed-out' | 'signed-in'; credits?: number } = {}) {
  const i18n = setupI18n()
  i18n.loadAndActivate({ locale: 'en', messages: {} })
  const onStart = vi.fn<(params: LipSyncParams) => void>()
  const onClearNotice = vi.fn<() => void>()
  const status = options.session ?? 'signed-in'
  const session: Session = status === 'signed-in' ? adaWithCredits(options.credits ?? 10) : status === 'loading' ? { status } : signedOut
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
