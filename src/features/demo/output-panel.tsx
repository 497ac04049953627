import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useRef } from 'react'
import type { FakeProgress } from './use-fake-progress'
import { DOWNLOAD_FILE_NAME } from './demo-media'
import { DownloadIcon, MicrophoneIcon, PlayIcon } from './icons'

interface OutputVideo {
  src: string
  poster: string
  /** Accessible name of the player. */
  label: string
  /** WebVTT captions for a clip with sound; a silent clip has none. */
  captions?: { src: string; locale: string; label: string }
}

interface OutputPanelProps {
  headingId: string
  progress: FakeProgress
  video: OutputVideo
  /** Only step 1 offers Add voice (spec §2: hidden on step 2). */
  onAddVoice?: () => void
}

/**
 * The output panel of the real product (spec §2 UGC actor page): a placeholder,
 * a loading animation while generating, or the video with Download.
 */
export function OutputPanel({ headingId, progress, video, onAddVoice }: OutputPanelProps) {
  const { t } = useLingui()
  const ready = progress.phase === 'done'
  const panelRef = useRef<HTMLElement>(null)

  // On a phone the panel sits below the form: bring the finished video into view.
  useEffect(() => {
    if (ready) revealBelowTheFold(panelRef.current)
  }, [ready])

  return (
    <section ref={panelRef} className="card demo-output" aria-labelledby={headingId}>
      <h3 id={headingId} className="demo-output__title">
        <Trans>Output video</Trans>
      </h3>
      {/* Always present so screen readers hear each change (spec §4 states). */}
      <output className="visually-hidden">
        {progress.isLoading && t`AI video generation in progress`}
        {ready && t`Your video is ready.`}
      </output>
      <div className="demo-output__stage" aria-busy={progress.isLoading}>
        {progress.phase === 'idle' && (
          <p className="demo-output__placeholder">
            <span className="demo-output__icon">
              <PlayIcon size={22} />
            </span>
            <Trans>Your creation will appear here</Trans>
          </p>
        )}
        {progress.isLoading && (
          <div className="demo-output__loading">
            <span className="demo-output__pulse" aria-hidden="true" />
            <Trans>AI video generation in progress</Trans>
          </div>
        )}
        {ready && (
          // A clip with sound brings captions; the silent generated clip has nothing to caption.
          // oxlint-disable-next-line jsx-a11y/media-has-caption
          <video
            className="demo-output__video demo-fade-in"
            src={video.src}
            poster={video.poster}
            aria-label={video.label}
            controls
            playsInline
            preload="metadata"
          >
            {video.captions && <track kind="captions" src={video.captions.src} srcLang={video.captions.locale} label={video.captions.label} default />}
          </video>
        )}
      </div>
      {ready && (
        <div className="demo-output__actions">
          <a className="btn" href={video.src} download={DOWNLOAD_FILE_NAME}>
            <DownloadIcon />
            <Trans>Download</Trans>
          </a>
          {onAddVoice && (
            <button type="button" className="btn btn--primary" onClick={onAddVoice}>
              <MicrophoneIcon />
              <Trans>Add voice</Trans>
            </button>
          )}
        </div>
      )}
    </section>
  )
}

function revealBelowTheFold(panel: HTMLElement | null): void {
  if (!panel || typeof panel.scrollIntoView !== 'function') return
  const { top, bottom } = panel.getBoundingClientRect()
  if (top >= 0 && bottom <= window.innerHeight) return
  const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches
  panel.scrollIntoView({ block: 'nearest', behavior: reduceMotion ? 'auto' : 'smooth' })
}
