import { Trans, useLingui } from '@lingui/react/macro'
import { type ReactNode, useState } from 'react'
import { NotifyWhenReady } from '@/app/push/notify-when-ready'
import { useVideosSeen } from '@/device/use-videos-seen'
import type { JobView } from '@/jobs/types'
import { OutputLoading, OutputPanelFrame, OutputPlaceholder } from '@/ui/output-panel'
import { ResultVideo } from '@/ui/result-video'
import { CaptionDownloads } from '@/ui/caption-downloads'

/** What the canvas shows before a run, behind 'Your creation will appear here'. */
export interface CanvasPreview {
  media: ReactNode
  tag?: ReactNode
  caption?: ReactNode
}

/** The video a view shows: the job's result, else the preloaded one while nothing runs. */
function videoOf(view: JobView, preloaded: string | undefined): string | undefined {
  if (view.phase === 'completed') return view.outputUrl
  if (view.phase === 'idle' || view.phase === 'failed') return preloaded
  return undefined
}

/** The video on the canvas, shared by the canvas and the action bar. spec §8: a video that fails to load is cleared. */
export function useCanvasVideo(view: JobView, preloadedVideoUrl: string | undefined): { videoUrl: string | undefined; clear: () => void } {
  const [brokenUrl, setBrokenUrl] = useState<string | null>(null)
  const candidate = videoOf(view, preloadedVideoUrl)
  return { videoUrl: candidate === brokenUrl ? undefined : candidate, clear: () => setBrokenUrl(candidate ?? null) }
}

interface OutputPanelProps {
  view: JobView
  title: string
  /** From useCanvasVideo. */
  videoUrl: string | undefined
  onVideoError: () => void
  preview?: CanvasPreview
  /** The progress bar's name, e.g. 'Video generation progress'. */
  progressLabel: string
  /** spec §4: the 'hang tight' line while the job waits in the queue. */
  hangTight: ReactNode
}

/**
 * spec §2 output panel as the composer's canvas: the placeholder (over a sample
 * when there is one), the progress while generating, the no-credits notice, or
 * the video, which starts playing where it was made.
 */
export function OutputPanel({ view, title, videoUrl, onVideoError, preview, progressLabel, hangTight }: OutputPanelProps) {
  const { t } = useLingui()
  const running = view.phase === 'starting' || view.phase === 'generating'
  const finished = view.phase === 'completed' && videoUrl !== undefined

  // A finished video on screen is seen: it leaves the app badge (docs/decisions/0281).
  useVideosSeen(finished)

  return (
    <OutputPanelFrame
      title={title}
      running={running}
      ready={finished}
      // People leave while it runs: they may ask to be told when it is ready (docs/decisions/0280).
      below={running ? <NotifyWhenReady place="generation" /> : finished && view.captions !== undefined && <CaptionDownloads files={view.captions} />}
    >
      {running ? (
        <OutputLoading
          percent={view.phase === 'generating' ? view.percent : undefined}
          progressLabel={progressLabel}
          hangTight={view.phase === 'generating' && view.hangTight ? hangTight : undefined}
        />
      ) : view.phase === 'no-credits' ? (
        <div className="output-panel__notice">
          <p>
            <Trans>You don't have enough credits to generate the video.</Trans>
          </p>
        </div>
      ) : videoUrl !== undefined ? (
        <ResultVideo key={videoUrl} src={videoUrl} label={t`Generated video`} autoPlay={view.phase === 'completed'} onError={onVideoError} />
      ) : (
        <OutputPlaceholder preview={preview?.media} tag={preview?.tag} caption={preview?.caption} />
      )}
    </OutputPanelFrame>
  )
}
