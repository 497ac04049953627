import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useEffect, useId, useRef, useState } from 'react'
import { ShareVideoButton } from '@/app/pwa/share-video-button'
import { NotifyWhenReady } from '@/app/push/notify-when-ready'
import { type DownloadResult, downloadVideo } from '@/device/download-video'
import { KeepFailureMessage } from '@/device/keep-failure-message'
import type { KeepFailure } from '@/device/kept-videos'
import { useVideosSeen } from '@/device/use-videos-seen'
import type { JobView } from '@/jobs/types'
import { useSession } from '@/session/session'
import { DownloadIcon, MicrophoneIcon, PlayIcon } from './generator-icons'
import './output-panel.css'

interface OutputPanelProps {
  view: JobView
  /** spec §2 `?video=`: shown as the generated video until a job says otherwise. */
  preloadedVideoUrl?: string
  title: string
  /** spec §2: Add voice moves to step 2 with this video; absent on step 2. */
  onAddVoice?: (videoUrl: string) => void
}

/** The video a view shows: the job's result, else the preloaded one while nothing runs. */
function videoOf(view: JobView, preloaded: string | undefined): string | undefined {
  if (view.phase === 'completed') return view.outputUrl
  if (view.phase === 'idle' || view.phase === 'failed') return preloaded
  return undefined
}

/**
 * spec §2 output panel: a placeholder, a loading animation while generating,
 * the no-credits notice with Add credits, or the video with Download and Add voice.
 */
export function OutputPanel({ view, preloadedVideoUrl, title, onAddVoice }: OutputPanelProps) {
  const { t } = useLingui()
  const headingId = useId()
  const panelRef = useRef<HTMLElement>(null)
  // spec §8: a video that fails to load is cleared.
  const [brokenUrl, setBrokenUrl] = useState<string | null>(null)
  const candidate = videoOf(view, preloadedVideoUrl)
  const videoUrl = candidate === brokenUrl ? undefined : candidate
  const running = view.phase === 'starting' || view.phase === 'generating'
  const finished = view.phase === 'completed' && videoUrl !== undefined

  // On a phone the panel sits below the form: bring the finished video into view.
  useEffect(() => {
    if (finished) revealBelowTheFold(panelRef.current)
  }, [finished])
  // A finished video on screen is seen: it leaves the app badge (docs/decisions/0281).
  useVideosSeen(finished)

  return (
    <section ref={panelRef} className="card output-panel" aria-labelledby={headingId}>
      <h2 id={headingId} className="output-panel__title">
        {title}
      </h2>
      {/* Always present so screen readers hear each change (spec §4 states). */}
      <output className="visually-hidden">
        {running && t`AI video generation in progress`}
        {finished && t`Your video is ready.`}
      </output>
      <div className="output-panel__stage" aria-busy={running}>
        {running ? (
          <div className="output-panel__message">
            <span className="output-panel__pulse" aria-hidden="true" />
            <Trans>AI video generation in progress</Trans>
          </div>
        ) : view.phase === 'no-credits' ? (
          <div className="output-panel__message">
            <p>
              <Trans>You don't have enough credits to generate the video.</Trans>
            </p>
            <Link to="/purchase" className="btn btn--primary">
              <Trans>Add credits</Trans>
            </Link>
          </div>
        ) : videoUrl !== undefined ? (
          // The generated clip has no speech to caption (the lip-sync step adds the voice).
          // oxlint-disable-next-line jsx-a11y/media-has-caption
          <video
            key={videoUrl}
            className="output-panel__video"
            src={videoUrl}
            aria-label={t`Generated video`}
            controls
            playsInline
            preload="metadata"
            onError={() => setBrokenUrl(videoUrl)}
          />
        ) : (
          <p className="output-panel__message">
            <span className="output-panel__icon">
              <PlayIcon size={22} />
            </span>
            <Trans>Your creation will appear here</Trans>
          </p>
        )}
      </div>
      {/* People leave while it runs: they may ask to be told when it is ready (docs/decisions/0280). */}
      {running && <NotifyWhenReady place="generation" />}
      {videoUrl !== undefined && !running && view.phase !== 'no-credits' && (
        <VideoActions videoUrl={videoUrl} onAddVoice={onAddVoice} />
      )}
    </section>
  )
}

/** spec §2: Download saves the video under this name. */
export const DOWNLOAD_FILE_NAME = 'ugc-video.mp4'

/** The stored file's name without extension: the media store names each output uniquely. */
function videoIdOf(videoUrl: string): string {
  const name = new URL(videoUrl).pathname.split('/').at(-1) ?? ''
  return name.replace(/\.[^.]*$/, '') || videoUrl
}

/** Why a download was not saved or not kept, if it was not. */
function failureOf(result: DownloadResult): KeepFailure | null {
  if (!result.ok) return result.reason
  return result.kept?.ok === false ? result.kept.reason : null
}

function VideoActions({ videoUrl, onAddVoice }: { videoUrl: string; onAddVoice?: (videoUrl: string) => void }) {
  const session = useSession()
  const uid = session.status === 'signed-in' ? session.user.uid : null
  const [download, setDownload] = useState<'saving' | DownloadResult | null>(null)
  // The same bytes are saved and kept on the device, so the gallery plays the video offline (issue 6 §2).
  const save = () => {
    setDownload('saving')
    void downloadVideo({ url: videoUrl, filename: DOWNLOAD_FILE_NAME, uid, videoId: videoIdOf(videoUrl) }).then(setDownload)
  }
  const failure = download === null || download === 'saving' ? null : failureOf(download)
  return (
    <>
      <div className="output-panel__actions">
        <button type="button" className="btn" onClick={save} disabled={download === 'saving'}>
          {download === 'saving' ? <span className="spinner" aria-hidden="true" /> : <DownloadIcon />}
          <Trans>Download</Trans>
        </button>
        <ShareVideoButton videoUrl={videoUrl} filename={DOWNLOAD_FILE_NAME} uid={uid} />
        {onAddVoice && (
          <button type="button" className="btn btn--primary" onClick={() => onAddVoice(videoUrl)}>
            <MicrophoneIcon />
            <Trans>Add voice</Trans>
          </button>
        )}
      </div>
      {failure !== null && <KeepFailureMessage reason={failure} />}
    </>
  )
}

function revealBelowTheFold(panel: HTMLElement | null): void {
  if (!panel || typeof panel.scrollIntoView !== 'function') return
  const { top, bottom } = panel.getBoundingClientRect()
  if (top >= 0 && bottom <= window.innerHeight) return
  const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches
  panel.scrollIntoView({ block: 'nearest', behavior: reduceMotion ? 'auto' : 'smooth' })
}
