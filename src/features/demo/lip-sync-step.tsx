import { Trans, useLingui } from '@lingui/react/macro'
import { type Ref, useId, useState } from 'react'
import { DEMO_AUDIO_LABEL_MB } from '@contract/constants'
import { ActionBar } from '@/ui/action-bar'
import { AudioPlayButton } from '@/ui/audio-play-button'
import { Composer } from '@/ui/composer'
import { FileCard } from '@/ui/file-card'
import { DownloadIcon, RefreshIcon } from '@/ui/icons'
import { SettingsDisclosure } from '@/ui/settings-disclosure'
import { Toggle } from '@/ui/toggle'
import { DEMO_AUDIO_FILE_NAME, DEMO_MEDIA, DOWNLOAD_FILE_NAME } from './demo-media'
import { lipSyncCaptionsUrl } from './demo-captions'
import { InfoTip } from './info-tip'
import { InputVideoCard } from './input-video-card'
import { OutputPanel } from './output-panel'
import type { DemoWizard } from './use-demo-wizard'

type LipSyncStepProps = Pick<DemoWizard, 'lipSync' | 'hasInputVideo' | 'removeInputVideo' | 'restoreInputVideo' | 'startLipSync'> & {
  /** Focus lands here when Add voice brings the visitor to this step. */
  headingRef: Ref<HTMLHeadingElement>
}

/**
 * Step 2 of the demo (spec §2 Demo) in the app's composer: the demo audio (2.5 MB),
 * the sample video as removable input, an 'enhanced lipsync' toggle with no effect,
 * and Start lip sync running the same scripted progress as step 1.
 */
export function LipSyncStep({ headingRef, lipSync, hasInputVideo, removeInputVideo, restoreInputVideo, startLipSync }: LipSyncStepProps) {
  const { t, i18n } = useLingui()
  const id = useId()
  const [enhanced, setEnhanced] = useState(false)
  // As in the app: once an input changes, the bar offers to start again rather than the last result's Download.
  const [changed, setChanged] = useState(false)
  const audioSize = i18n.number(DEMO_AUDIO_LABEL_MB, { maximumFractionDigits: 1 })
  const showResult = lipSync.phase === 'done' && !changed
  const start = () => {
    if (startLipSync()) setChanged(false)
  }
  return (
    <Composer
      canvas={
        <OutputPanel
          progress={lipSync}
          progressLabel={t`Lip sync progress`}
          preview={
            hasInputVideo
              ? { media: <img className="output-panel__media" src={DEMO_MEDIA.generatedPoster} alt="" />, tag: <Trans>Your input video</Trans> }
              : undefined
          }
          video={{
            src: DEMO_MEDIA.lipSyncVideo,
            poster: DEMO_MEDIA.lipSyncPoster,
            label: t`Lip-synced sample video`,
            captions: { src: lipSyncCaptionsUrl(i18n.locale), locale: i18n.locale, label: t`Captions` },
          }}
        />
      }
    >
      <section className="composer-form" aria-labelledby={`${id}-heading`}>
        <h2 id={`${id}-heading`} ref={headingRef} tabIndex={-1} className="visually-hidden">
          <Trans>Give your actor a voice</Trans>
        </h2>
        <p className="hint demo-form__intro">
          <Trans>The demo uses a sample voice recording. Press Start lip sync to match the lips to it.</Trans>
        </p>
        <div className="composer-field">
          <h3 className="composer-field__label">
            <Trans>Input video</Trans>
          </h3>
          <InputVideoCard
            present={hasInputVideo}
            busy={lipSync.isLoading}
            onRemove={() => {
              removeInputVideo()
              setChanged(true)
            }}
            onRestore={() => {
              restoreInputVideo()
              setChanged(true)
            }}
          />
        </div>
        <div className="composer-field">
          <h3 className="composer-field__label">
            <Trans>Audio</Trans>
          </h3>
          <FileCard
            thumb={
              <AudioPlayButton
                src={DEMO_MEDIA.audio}
                preload="none"
                label={t`Demo audio`}
                playLabel={t`Play the demo audio`}
                pauseLabel={t`Pause the demo audio`}
                describedBy={`${id}-audio-description`}
              />
            }
            name={DEMO_AUDIO_FILE_NAME}
            meta={<Trans>{audioSize} MB</Trans>}
          >
            <span id={`${id}-audio-description`} className="hint">
              <Trans>A synthetic sample voice that hums in syllables, without words.</Trans>
            </span>
          </FileCard>
        </div>
        <SettingsDisclosure summary={[enhanced ? t`Enhanced` : t`Standard`]}>
          <Toggle
            label={<Trans>Enhanced lip sync</Trans>}
            checked={enhanced}
            onCheckedChange={(next) => {
              setEnhanced(next)
              setChanged(true)
            }}
          >
            <InfoTip label={t`About enhanced lip sync`}>
              <Trans>Enhanced lip sync uses a newer model for finer mouth movement and costs a little more. In the demo it changes nothing.</Trans>
            </InfoTip>
          </Toggle>
        </SettingsDisclosure>
        {showResult ? (
          <ActionBar>
            <button type="button" className="btn action-bar__secondary" onClick={start} aria-label={t`Lip sync again`} title={t`Lip sync again`}>
              <RefreshIcon />
              <span aria-hidden="true">
                <Trans>Again</Trans>
              </span>
            </button>
            <a className="btn btn--primary action-bar__primary" href={DEMO_MEDIA.lipSyncVideo} download={DOWNLOAD_FILE_NAME}>
              <DownloadIcon />
              <Trans>Download</Trans>
            </a>
          </ActionBar>
        ) : (
          <ActionBar>
            <button type="button" className="btn btn--primary action-bar__primary" disabled={!hasInputVideo || lipSync.isLoading} onClick={start}>
              {lipSync.isLoading ? (
                <>
                  <span className="spinner" aria-hidden="true" />
                  <Trans>Lip syncing…</Trans>
                </>
              ) : (
                <Trans>Start lip sync</Trans>
              )}
            </button>
          </ActionBar>
        )}
      </section>
    </Composer>
  )
}
