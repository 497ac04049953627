import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import { ShareVideoButton } from '@/app/pwa/share-video-button'
import { NotifyWhenReady } from '@/app/push/notify-when-ready'
import { type DownloadResult, downloadVideo } from '@/device/download-video'
import { KeepFailureMessage } from '@/app/device/keep-failure-message'
import type { KeepFailure } from '@/device/kept-videos'
import { useVideosSeen } from '@/device/use-videos-seen'
import type { JobView } from '@/jobs/types'
import { useSession } from '@/session/session'
import { DownloadIcon } from '@/ui/icons'
import { AddVoiceButton, OutputLoading, OutputPanelFrame, OutputPlaceholder } from '@/ui/output-panel'

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
  // spec §8: a video that fails to load is cleared.
  const [brokenUrl, setBrokenUrl] = useState<string | null>(null)
  const candidate = videoOf(view, preloadedVideoUrl)
  const videoUrl = candidate === brokenUrl ? undefined : candidate
  const running = view.phase === 'starting' || view.phase === 'generating'
  const finished = view.phase === 'completed' && videoUrl !== undefined

  // A finished video on screen is seen: it leaves the app badge (docs/decisions/0281).
  useVideosSeen(finished)

  return (
    <OutputPanelFrame
      title={title}
      running={running}
      ready={finished}
      footer={
        <>
          {/* People leave while it runs: they may ask to be told when it is ready (docs/decisions/0280). */}
          {running && <NotifyWhenReady place="generation" />}
          {videoUrl !== undefined && !running && view.phase !== 'no-credits' && <VideoActions videoUrl={videoUrl} onAddVoice={onAddVoice} />}
        </>
      }
    >
      {running ? (
        <OutputLoading />
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
        <OutputPlaceholder />
      )}
    </OutputPanelFrame>
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
  // The same bytes are saved and kept on the device, so the gallery plays the video offline (docs/decisions/0170).
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
        {onAddVoice && <AddVoiceButton onClick={() => onAddVoice(videoUrl)} />}
      </div>
      {failure !== null && <KeepFailureMessage reason={failure} />}
    </>
  )
}
