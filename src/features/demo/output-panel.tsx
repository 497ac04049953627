import { Trans, useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { OutputLoading, OutputPanelFrame, OutputPlaceholder } from '@/ui/output-panel'
import { ResultVideo } from '@/ui/result-video'
import type { FakeProgress } from './use-fake-progress'

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
  /** The progress bar's name, e.g. 'Video generation progress'. */
  progressLabel: string
  /** What the frame shows behind the placeholder, e.g. the input video. */
  preview?: { media: ReactNode; tag: ReactNode }
}

/**
 * The canvas of the real product (spec §2 UGC actor page, src/ui/output-panel.tsx):
 * the placeholder, the scripted progress, then the canned video playing.
 */
export function OutputPanel({ progress, video, progressLabel, preview }: OutputPanelProps) {
  const { t } = useLingui()
  const ready = progress.phase === 'done'
  return (
    <OutputPanelFrame title={<Trans>Output video</Trans>} headingLevel={3} running={progress.isLoading} ready={ready}>
      {progress.phase === 'idle' && <OutputPlaceholder preview={preview?.media} tag={preview?.tag} />}
      {progress.isLoading && <OutputLoading percent={progress.percent} progressLabel={progressLabel} />}
      {ready && <ResultVideo src={video.src} poster={video.poster} label={video.label} captions={video.captions} autoPlay />}
      {/* The demo's clips are drawn by ffmpeg, not AI (docs/decisions/0083): said in the user's language. */}
      {ready && <span className="output-panel__tag">{t`Sample, made without AI`}</span>}
    </OutputPanelFrame>
  )
}
