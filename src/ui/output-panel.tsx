import { Trans, useLingui } from '@lingui/react/macro'
import { type ReactNode, useEffect, useId, useRef } from 'react'
import { MicrophoneIcon, PlayIcon } from './icons'
import './output-panel.css'

interface OutputPanelFrameProps {
  title: ReactNode
  /** The page's outline decides: the demo's panel sits under its step's heading. */
  headingLevel?: 2 | 3
  running: boolean
  /** A finished video is on the stage. */
  ready: boolean
  /** What the stage shows: the placeholder, the loading animation, a notice or the video. */
  children: ReactNode
  /** Below the stage: the video's actions, notices. */
  footer?: ReactNode
}

/**
 * spec §2 output panel as the generator and the demo show it: the title, a
 * 9:16 stage, and what follows it; the finished video is brought into view.
 */
export function OutputPanelFrame({ title, headingLevel = 2, running, ready, children, footer }: OutputPanelFrameProps) {
  const { t } = useLingui()
  const headingId = useId()
  const panelRef = useRef<HTMLElement>(null)
  const Heading = headingLevel === 3 ? 'h3' : 'h2'

  // On a phone the panel sits below the form: bring the finished video into view.
  useEffect(() => {
    if (ready) revealBelowTheFold(panelRef.current)
  }, [ready])

  return (
    <section ref={panelRef} className="card output-panel" aria-labelledby={headingId}>
      <Heading id={headingId} className="output-panel__title">
        {title}
      </Heading>
      {/* Always present so screen readers hear each change (spec §4 states). */}
      <output className="visually-hidden">
        {running && t`AI video generation in progress`}
        {ready && t`Your video is ready.`}
      </output>
      <div className="output-panel__stage" aria-busy={running}>
        {children}
      </div>
      {footer}
    </section>
  )
}

/** The stage before anything runs. */
export function OutputPlaceholder() {
  return (
    <p className="output-panel__message">
      <span className="output-panel__icon">
        <PlayIcon size={22} />
      </span>
      <Trans>Your creation will appear here</Trans>
    </p>
  )
}

/** The stage while a video is made. */
export function OutputLoading() {
  return (
    <div className="output-panel__message">
      <span className="output-panel__pulse" aria-hidden="true" />
      <Trans>AI video generation in progress</Trans>
    </div>
  )
}

/** spec §2: Add voice moves to step 2 with the video on the stage. */
export function AddVoiceButton({ onClick }: { onClick: () => void }) {
  return (
    <button type="button" className="btn btn--primary" onClick={onClick}>
      <MicrophoneIcon />
      <Trans>Add voice</Trans>
    </button>
  )
}

function revealBelowTheFold(panel: HTMLElement | null): void {
  if (!panel || typeof panel.scrollIntoView !== 'function') return
  const { top, bottom } = panel.getBoundingClientRect()
  if (top >= 0 && bottom <= window.innerHeight) return
  const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches
  panel.scrollIntoView({ block: 'nearest', behavior: reduceMotion ? 'auto' : 'smooth' })
}
