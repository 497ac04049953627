import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useId, useState } from 'react'
import type { JobView, LipSyncParams } from '@/jobs/types'
import { lipSyncCost } from '@contract/constants'
import { ServerDetail } from '@/ui/server-detail'
import { SettingsDisclosure } from '@/ui/settings-disclosure'
import { Toggle } from '@/ui/toggle'
import { CaptionsSettings, useCaptionStyleNames } from '../captions/captions-settings'
import { useCaptions } from '../captions/use-captions'
import { useCreditsText } from '../credits-text'
import { useEnhancedLipSync } from '../enhanced-lip-sync'
import { type CanvasResult, GeneratorBar } from '../generator-bar'
import { detailOf } from '../generation-messages'
import { useCreditShortfall } from '../use-credit-shortfall'
import { useEditedSince } from '../use-edited-since'
import { useJobInputs } from '../use-job-inputs'
import { AudioSource } from './audio-source'
import { InputVideoField } from './input-video-field'
import { LipSyncCost } from './lip-sync-cost'
import { type LipSyncError, lipSyncErrorOf, useLipSyncMessages } from './lip-sync-messages'
import { type InputVideo, useInputVideo } from './use-input-video'
import { type LipSyncAudio, nameFromUrl, useLipSyncAudio } from './use-lip-sync-audio'
import { useSharedFile } from './use-shared-file'

interface LipSyncFormProps {
  initialVideoUrl: string | undefined
  /** Uploads need the session's token: the pickers wait until it is there. */
  session: 'loading' | 'signed-out' | 'signed-in'
  view: JobView
  onStart: (params: LipSyncParams) => void
  /** Clears the no-credits notice once the cost shown is affordable. */
  onClearNotice: () => void
  /** The running job's inputs: shown in the form, e.g. after a reload (docs/decisions/0136). */
  jobParams?: LipSyncParams
  /** The input video as the canvas shows it before a run, or none. */
  onPreviewChange?: (videoUrl: string | null) => void
  /** The video on the canvas: the action bar offers its next step until an input changes. */
  result?: CanvasResult | null
}

/** spec §5 lip sync: signed in, an audio file, a video, audio duration greater than 0. */
export function checkLipSyncInput(signedIn: boolean, video: InputVideo | null, audio: LipSyncAudio | null): LipSyncError | null {
  if (!signedIn) return 'signin_error'
  if (video === null) return 'upload_video'
  if (audio === null) return 'audio_error'
  if (audio.durationSeconds === undefined || !(audio.durationSeconds > 0)) return 'invalid_audio'
  return null
}

/**
 * spec §2 Step 2 "lip-sync form" in the composer: the input video and the audio right
 * under the canvas, the model folded under "Settings" (room for more options there),
 * the cost, and the action bar.
 */
export function LipSyncForm({ initialVideoUrl, session, view, onStart, onClearNotice, jobParams, onPreviewChange, result = null }: LipSyncFormProps) {
  const { t, i18n } = useLingui()
  const { errors } = useLipSyncMessages()
  const creditsText = useCreditsText()
  const id = useId()
  const input = useInputVideo(initialVideoUrl)
  const source = useLipSyncAudio()
  const [enhanced, setEnhanced] = useEnhancedLipSync()
  const [inputError, setInputError] = useState<LipSyncError | null>(null)
  const captions = useCaptions(source.audio, i18n.locale === 'de' ? 'de' : 'en')
  const styleNames = useCaptionStyleNames()
  /** A start was refused because the captions were not ready: the settings unfold and say so. */
  const [captionsBlocked, setCaptionsBlocked] = useState(false)
  const edits = useEditedSince(result)
  const running = view.phase === 'starting' || view.phase === 'generating'
  const locked = running || session !== 'signed-in'
  useSharedFile(
    session === 'signed-in',
    (file) => void input.chooseFile(file),
    (file) => void source.chooseFile(file),
  )
  const model = enhanced ? 'lipsync-1.9.0-beta' : 'lipsync-1.8.0'
  const seconds = source.audio?.durationSeconds
  const cost = seconds === undefined ? null : lipSyncCost(seconds, model)
  const shortfall = useCreditShortfall('lipsync', view, cost, onClearNotice)
  const videoUrl = input.video?.url ?? null
  useEffect(() => onPreviewChange?.(videoUrl), [videoUrl, onPreviewChange])
  // A change of input is a new request: the bar offers to start it rather than the last result's next step.
  const audioUrl = source.audio?.url ?? null
  const inputs = `${videoUrl}|${audioUrl}|${enhanced}|${captions.on ? captions.style : 'none'}`
  const [inputsSeen, setInputsSeen] = useState(inputs)
  if (inputsSeen !== inputs) {
    setInputsSeen(inputs)
    edits.mark()
  }

  useJobInputs(view, jobParams, (params) => {
    input.adopt({ url: params.videoUrl, name: params.videoName, sizeBytes: undefined })
    source.adopt({
      url: params.audioUrl,
      name: params.audioName ?? nameFromUrl(params.audioUrl),
      sizeBytes: params.audioBytes,
      durationSeconds: params.audioDurationSeconds,
    })
    setEnhanced(params.enhanced)
    if (params.captions !== undefined) {
      captions.setOn(true)
      captions.setStyle(params.captions.style)
    }
  })

  // The no-credits state is the bar's and the canvas's to show (spec §2 output panel).
  const jobError = view.phase === 'failed' ? lipSyncErrorOf(view.failure) : null
  const shown = inputError ?? jobError
  const errorText = shown === null ? null : typeof shown === 'string' ? errors[shown] : errors.failed_to_generate
  const detail = shown === null || typeof shown === 'string' ? null : detailOf(shown)

  const start = () => {
    const refused = checkLipSyncInput(session === 'signed-in', input.video, source.audio)
    setInputError(refused)
    if (refused !== null || input.video === null || source.audio?.durationSeconds === undefined) return
    // Captions switched on are sent as shown: not before they are here.
    setCaptionsBlocked(captions.option === undefined)
    if (captions.option === undefined) return
    onStart({
      kind: 'lipsync',
      videoUrl: input.video.url,
      audioUrl: source.audio.url,
      audioDurationSeconds: source.audio.durationSeconds,
      enhanced,
      videoName: input.video.name,
      audioName: source.audio.name,
      audioBytes: source.audio.sizeBytes,
      ...(captions.option === null ? {} : { captions: captions.option }),
    })
  }

  const price = cost === null ? null : creditsText(cost)
  const styleName = styleNames[captions.style]
  return (
    <section className="composer-form lip-sync" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="visually-hidden">
        <Trans>Lip sync</Trans>
      </h2>
      <InputVideoField input={input} locked={locked} />
      <AudioSource source={source} locked={locked} />
      <LipSyncCost model={model} audioSeconds={source.audio?.durationSeconds} />
      <SettingsDisclosure summary={[enhanced ? t`Enhanced` : t`Standard`, captions.on ? t`Captions: ${styleName}` : t`No captions`]} reveal={captionsBlocked}>
        <Toggle
          label={<Trans>Enhanced lip sync</Trans>}
          checked={enhanced}
          onCheckedChange={setEnhanced}
          disabled={running}
          hint={<Trans>A newer model for finer mouth movement.</Trans>}
        />
        <CaptionsSettings captions={captions} videoUrl={videoUrl} disabled={running} blocked={captionsBlocked} />
      </SettingsDisclosure>
      <GeneratorBar
        view={view}
        startLabel={
          price === null ? (
            <Trans>Start lip sync</Trans>
          ) : (
            <Trans>
              Start lip sync <span className="visually-hidden">·</span> <span className="action-bar__cost">{price} credits</span>
            </Trans>
          )
        }
        busyLabel={<Trans>Lip syncing…</Trans>}
        againLabel={price === null ? t`Lip sync again` : t`Lip sync again · ${price} credits`}
        waiting={session === 'loading' || input.uploading || source.busy || captions.phase.kind === 'loading'}
        shortfall={shortfall}
        result={edits.current}
        onStart={start}
        error={
          errorText !== null && (
            <p className="action-bar__error" role="alert">
              {errorText}
              {detail !== null && <ServerDetail text={detail} />}
            </p>
          )
        }
      />
    </section>
  )
}
