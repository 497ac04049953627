import { Trans, useLingui } from '@lingui/react/macro'
import { type Ref, useId, useState } from 'react'
import { DEMO_AUDIO_LABEL_MB } from '@contract/constants'
import { Toggle } from '@/ui/toggle'
import { DEMO_AUDIO_FILE_NAME, DEMO_MEDIA } from './demo-media'
import { MusicIcon } from '@/ui/icons'
import { lipSyncCaptionsUrl } from './demo-captions'
import { InfoTip } from './info-tip'
import { InputVideoCard } from './input-video-card'
import { OutputPanel } from './output-panel'
import { ProgressMeter } from './progress-meter'
import type { DemoWizard } from './use-demo-wizard'

type LipSyncStepProps = Pick<DemoWizard, 'lipSync' | 'hasInputVideo' | 'removeInputVideo' | 'restoreInputVideo' | 'startLipSync'> & {
  /** Focus lands here when Add voice brings the visitor to this step. */
  headingRef: Ref<HTMLHeadingElement>
}

/**
 * Step 2 of the demo (spec §2 Demo): the demo audio (2.5 MB), the sample video
 * as removable input, an 'enhanced lipsync' toggle with no effect, and Start
 * lip sync running the same scripted progress as step 1.
 */
export function LipSyncStep({ headingRef, lipSync, hasInputVideo, removeInputVideo, restoreInputVideo, startLipSync }: LipSyncStepProps) {
  const { t, i18n } = useLingui()
  const id = useId()
  const [enhanced, setEnhanced] = useState(false)
  const audioSize = i18n.number(DEMO_AUDIO_LABEL_MB, { maximumFractionDigits: 1 })
  return (
    <div className="demo-step">
      <section className="card demo-form" aria-labelledby={`${id}-heading`}>
        <h2 id={`${id}-heading`} ref={headingRef} tabIndex={-1}>
          <Trans>Give your actor a voice</Trans>
        </h2>
        <p className="hint">
          <Trans>The demo uses a sample voice recording. Press Start lip sync to match the lips to it.</Trans>
        </p>
        <h3 className="demo-form__label">
          <Trans>Audio</Trans>
        </h3>
        <div className="demo-file">
          <span className="demo-file__icon">
            <MusicIcon size={20} />
          </span>
          <div className="demo-file__meta">
            <span className="demo-file__name">{DEMO_AUDIO_FILE_NAME}</span>
            <span className="hint">
              <Trans>{audioSize} MB</Trans>
            </span>
          </div>
          {/* The sample voice has no words; its description stands in for a transcript. */}
          {/* oxlint-disable-next-line jsx-a11y/media-has-caption */}
          <audio
            className="demo-file__player"
            src={DEMO_MEDIA.audio}
            controls
            preload="none"
            aria-label={t`Demo audio`}
            aria-describedby={`${id}-audio-description`}
          />
          <p id={`${id}-audio-description`} className="hint demo-file__description">
            <Trans>A synthetic sample voice that hums in syllables, without words.</Trans>
          </p>
        </div>
        <h3 className="demo-form__label">
          <Trans>Input video</Trans>
        </h3>
        <InputVideoCard present={hasInputVideo} busy={lipSync.isLoading} onRemove={removeInputVideo} onRestore={restoreInputVideo} />
        <div className="demo-toggle">
          <Toggle label={<Trans>Enhanced lip sync</Trans>} checked={enhanced} onCheckedChange={setEnhanced}>
            <InfoTip label={t`About enhanced lip sync`}>
              <Trans>Enhanced lip sync uses a newer model for finer mouth movement and costs a little more. In the demo it changes nothing.</Trans>
            </InfoTip>
          </Toggle>
        </div>
        <button type="button" className="btn btn--primary demo-form__submit" disabled={!hasInputVideo || lipSync.isLoading} onClick={() => startLipSync()}>
          {lipSync.isLoading ? (
            <>
              <span className="spinner" aria-hidden="true" />
              <Trans>Lip syncing…</Trans>
            </>
          ) : (
            <Trans>Start lip sync</Trans>
          )}
        </button>
        {lipSync.isLoading && <ProgressMeter percent={lipSync.percent} label={t`Lip sync progress`} />}
      </section>
      <OutputPanel
        progress={lipSync}
        video={{
          src: DEMO_MEDIA.lipSyncVideo,
          poster: DEMO_MEDIA.lipSyncPoster,
          label: t`Lip-synced sample video`,
          captions: { src: lipSyncCaptionsUrl(i18n.locale), locale: i18n.locale, label: t`Captions` },
        }}
      />
    </div>
  )
}
