import { Trans, useLingui } from '@lingui/react/macro'
import { useId, useState } from 'react'
import type { JobView, LipSyncParams } from '@/jobs/types'
import { lipSyncCost } from '@contract/constants'
import { useEnhancedLipSync } from '../enhanced-lip-sync'
import { detailOf } from '../generation-messages'
import { useNoCreditsClears } from '../use-no-credits-clears'
import { ServerDetail } from '@/ui/server-detail'
import { Toggle } from '@/ui/toggle'
import { AudioSource } from './audio-source'
import { InputVideoField } from './input-video-field'
import { LipSyncCost } from './lip-sync-cost'
import { type LipSyncError, lipSyncErrorOf, useLipSyncMessages } from './lip-sync-messages'
import { useInputVideo } from './use-input-video'
import { useSharedFile } from './use-shared-file'
import { type LipSyncAudio, useLipSyncAudio } from './use-lip-sync-audio'
import type { InputVideo } from './use-input-video'

interface LipSyncFormProps {
  initialVideoUrl: string | undefined
  /** Uploads need the session's token: the pickers wait until it is there. */
  session: 'loading' | 'signed-out' | 'signed-in'
  view: JobView
  onStart: (params: LipSyncParams) => void
  /** Clears the no-credits notice once the cost shown is affordable. */
  onClearNotice: () => void
}

/** spec §5 lip sync: signed in, an audio file, a video, audio duration greater than 0. */
export function checkLipSyncInput(signedIn: boolean, video: InputVideo | null, audio: LipSyncAudio | null): LipSyncError | null {
  if (!signedIn) return 'signin_error'
  if (video === null) return 'upload_video'
  if (audio === null) return 'audio_error'
  if (audio.durationSeconds === undefined || !(audio.durationSeconds > 0)) return 'invalid_audio'
  return null
}

/** spec §2 Step 2 "lip-sync form": input video, audio source, enhanced toggle, cost and Start. */
export function LipSyncForm({ initialVideoUrl, session, view, onStart, onClearNotice }: LipSyncFormProps) {
  const { t } = useLingui()
  const { errors } = useLipSyncMessages()
  const id = useId()
  const input = useInputVideo(initialVideoUrl)
  const source = useLipSyncAudio()
  const [enhanced, setEnhanced] = useEnhancedLipSync()
  const [inputError, setInputError] = useState<LipSyncError | null>(null)
  const running = view.phase === 'starting' || view.phase === 'generating'
  const locked = running || session !== 'signed-in'
  useSharedFile(session === 'signed-in', (file) => void input.chooseFile(file), (file) => void source.chooseFile(file))
  const model = enhanced ? 'lipsync-1.9.0-beta' : 'lipsync-1.8.0'
  const seconds = source.audio?.durationSeconds
  useNoCreditsClears(view, seconds === undefined ? null : lipSyncCost(seconds, model), onClearNotice)

  const jobError = view.phase === 'failed' ? lipSyncErrorOf(view.failure) : view.phase === 'no-credits' ? 'not_enough_token' : null
  const shown = inputError ?? jobError
  const errorText = shown === null ? null : typeof shown === 'string' ? errors[shown] : errors.failed_to_generate
  const detail = shown === null || typeof shown === 'string' ? null : detailOf(shown)

  const start = () => {
    const refused = checkLipSyncInput(session === 'signed-in', input.video, source.audio)
    setInputError(refused)
    if (refused !== null || input.video === null || source.audio?.durationSeconds === undefined) return
    onStart({
      kind: 'lipsync',
      videoUrl: input.video.url,
      audioUrl: source.audio.url,
      audioDurationSeconds: source.audio.durationSeconds,
      enhanced,
    })
  }

  return (
    <section className="card lip-sync" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="lip-sync__title">
        <Trans>Lip sync</Trans>
      </h2>
      <InputVideoField input={input} locked={locked} />
      <AudioSource source={source} locked={locked} />
      <Toggle
        label={<Trans>Enhanced lip sync</Trans>}
        checked={enhanced}
        onCheckedChange={setEnhanced}
        disabled={running}
        hint={<Trans>A newer model for finer mouth movement.</Trans>}
      />
      <LipSyncCost model={model} audioSeconds={source.audio?.durationSeconds} />
      <button
        type="button"
        className="btn btn--primary lip-sync__start"
        disabled={running || session === 'loading' || input.uploading || source.busy}
        onClick={start}
      >
        {running ? (
          <>
            <span className="spinner" aria-hidden="true" />
            <Trans>Lip syncing…</Trans>
          </>
        ) : (
          <Trans>Start lip sync</Trans>
        )}
      </button>
      {view.phase === 'generating' && (
        <div className="lip-sync__progress">
          <progress max={100} value={view.percent} aria-label={t`Lip sync progress`} />
          <span aria-hidden="true">{t`${view.percent}%`}</span>
          {view.hangTight && (
            <p className="hint">
              <Trans>Hang tight! Your video is waiting for its turn.</Trans>
            </p>
          )}
        </div>
      )}
      {errorText !== null && (
        <p className="field-error" role="alert">
          {errorText}
          {detail !== null && <ServerDetail text={detail} />}
        </p>
      )}
    </section>
  )
}
