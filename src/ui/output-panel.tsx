import { Trans, useLingui } from '@lingui/react/macro'
import { type ReactNode, useEffect, useId, useRef } from 'react'
import { MicrophoneIcon, PlayIcon } from './icons'
import { prefersReducedMotion } from './play-video'
import { ProgressBar } from './progress-bar'
import './output-panel.css'

interface OutputPanelFrameProps {
  title: ReactNode
  /** The page's outline decides: the demo's panel sits under its step's heading. */
  headingLevel?: 2 | 3
  running: boolean
  /** A finished video is on the stage. */
  ready: boolean
  /** What the 9:16 frame shows: the placeholder (with a sample), the progress, a notice or the video. */
  children: ReactNode
  /** Under the frame, e.g. "Notify me when it's ready" while a video is made. */
  below?: ReactNode
}

/**
 * The composer's canvas (spec §2 output panel, in the generator and the demo):
 * a 9:16 frame at the top of the screen that shows in turn a sample, the live
 * progress and the result. When a run starts or ends it is brought into view,
 * so neither the progress nor the result is ever below the fold.
 */
export function OutputPanelFrame({ title, headingLevel = 2, running, ready, children, below }: OutputPanelFrameProps) {
  const { t } = useLingui()
  const headingId = useId()
  const panelRef = useRef<HTMLElement>(null)
  const Heading = headingLevel === 3 ? 'h3' : 'h2'

  useEffect(() => {
    if (running || ready) bringIntoView(panelRef.current)
  }, [running, ready])

  return (
    <section ref={panelRef} className="output-panel" aria-labelledby={headingId} data-ready={ready}>
      <div className="output-panel__stage" aria-busy={running}>
        {children}
        {/* Over the frame's corner; a playing video has the frame to itself. */}
        <Heading id={headingId} className={ready ? 'visually-hidden' : 'output-panel__title'}>
          {title}
        </Heading>
      </div>
      {/* Always present so screen readers hear each change (spec §4 states). */}
      <output className="visually-hidden">
        {running && t`AI video generation in progress`}
        {ready && t`Your video is ready.`}
      </output>
      {below}
    </section>
  )
}

interface OutputPlaceholderProps {
  /** What the frame shows behind the words: a template's sample, the face image, the input video. */
  preview?: ReactNode
  /** A short label over the preview, e.g. "Sample, made without AI". */
  tag?: ReactNode
  /** A line under the words, e.g. the template's name. */
  caption?: ReactNode
}

/** The frame before anything runs: 'Your creation will appear here', over a preview when there is one. */
export function OutputPlaceholder({ preview, tag, caption }: OutputPlaceholderProps) {
  if (preview === undefined) {
    return (
      <p className="output-panel__message">
        <span className="output-panel__icon">
          <PlayIcon size={22} />
        </span>
        <Trans>Your creation will appear here</Trans>
      </p>
    )
  }
  return (
    <div className="output-panel__preview">
      {preview}
      <p className="output-panel__caption">
        {tag !== undefined && <span className="output-panel__tag">{tag}</span>}
        {caption !== undefined && <span className="output-panel__caption-title">{caption}</span>}
        <Trans>Your creation will appear here</Trans>
      </p>
    </div>
  )
}

interface OutputLoadingProps {
  /** The displayed percent once the job is under way; undefined while it starts. */
  percent?: number
  /** The progress bar's name, e.g. 'Video generation progress'. */
  progressLabel: string
  /** spec §4: the 'hang tight' line while the job waits in the queue. */
  hangTight?: ReactNode
}

/** The frame while a video is made: the animation, the percent and the bar. */
export function OutputLoading({ percent, progressLabel, hangTight }: OutputLoadingProps) {
  const { t } = useLingui()
  return (
    <div className="output-panel__loading">
      <span className="output-panel__pulse" aria-hidden="true" />
      <span className="output-panel__loading-text">
        <Trans>AI video generation in progress</Trans>
      </span>
      {percent !== undefined && (
        <>
          <span className="output-panel__percent" aria-hidden="true">
            {t`${percent}%`}
          </span>
          <ProgressBar value={percent} label={progressLabel} />
        </>
      )}
      {hangTight !== undefined && <span className="output-panel__hang-tight">{hangTight}</span>}
    </div>
  )
}

/** spec §2: Add voice moves to step 2 with the video on the stage. */
export function AddVoiceButton({ onClick, className = 'btn btn--primary' }: { onClick: () => void; className?: string }) {
  return (
    <button type="button" className={className} onClick={onClick}>
      <MicrophoneIcon />
      <Trans>Add voice</Trans>
    </button>
  )
}

/** Scrolls the canvas fully into view (its scroll margins keep it clear of the top bar and the action bar). */
function bringIntoView(panel: HTMLElement | null): void {
  if (!panel || typeof panel.scrollIntoView !== 'function') return
  panel.scrollIntoView({ block: 'nearest', behavior: prefersReducedMotion() ? 'auto' : 'smooth' })
}
