import { Trans } from '@lingui/react/macro'
import type { FakeProgress } from './use-fake-progress'
import { DOWNLOAD_FILE_NAME } from './demo-media'
import { DownloadIcon } from '@/ui/icons'
import { AddVoiceButton, OutputLoading, OutputPanelFrame, OutputPlaceholder } from '@/ui/output-panel'

interface OutputVideo {
  src: string
  poster: string
  /** Accessible name of the player. */
  label: string
  /** WebVTT captions for a clip with sound; a silent clip has none. */
  captions?: { src: string; locale: string; label: string }
}

interface OutputPanelProps {
  progress: FakeProgress
  video: OutputVideo
  /** Only step 1 offers Add voice (spec §2: hidden on step 2). */
  onAddVoice?: () => void
}

/**
 * The output panel of the real product (spec §2 UGC actor page): a placeholder,
 * a loading animation while generating, or the video with Download.
 */
export function OutputPanel({ progress, video, onAddVoice }: OutputPanelProps) {
  const ready = progress.phase === 'done'
  return (
    <OutputPanelFrame
      title={<Trans>Output video</Trans>}
      headingLevel={3}
      running={progress.isLoading}
      ready={ready}
      footer={
        ready && (
          <div className="output-panel__actions">
            <a className="btn" href={video.src} download={DOWNLOAD_FILE_NAME}>
              <DownloadIcon />
              <Trans>Download</Trans>
            </a>
            {onAddVoice && <AddVoiceButton onClick={onAddVoice} />}
          </div>
        )
      }
    >
      {progress.phase === 'idle' && <OutputPlaceholder />}
      {progress.isLoading && <OutputLoading />}
      {ready && (
        // A clip with sound brings captions; the silent generated clip has nothing to caption.
        // oxlint-disable-next-line jsx-a11y/media-has-caption
        <video className="output-panel__video" src={video.src} poster={video.poster} aria-label={video.label} controls playsInline preload="metadata">
          {video.captions && <track kind="captions" src={video.captions.src} srcLang={video.captions.locale} label={video.captions.label} default />}
        </video>
      )}
    </OutputPanelFrame>
  )
}
