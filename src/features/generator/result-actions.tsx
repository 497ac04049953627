import { Trans } from '@lingui/react/macro'
import { type ReactNode, useState } from 'react'
import type { CaptionFiles } from '@contract/captions'
import { ShareVideoButton } from '@/app/pwa/share-video-button'
import { type DownloadResult, downloadVideo } from '@/device/download-video'
import { KeepFailureMessage } from '@/app/device/keep-failure-message'
import type { KeepFailure } from '@/device/kept-videos'
import { useSession } from '@/session/session'
import { ActionBar } from '@/ui/action-bar'
import { DownloadIcon, ShareIcon } from '@/ui/icons'
import { AddVoiceButton } from '@/ui/output-panel'

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

interface ResultBarProps {
  videoUrl: string
  /** A captioned video's .vtt and .srt, kept with it on Download. */
  captions?: CaptionFiles
  /** spec §2: Add voice moves to step 2 with this video; absent on step 2, where Download leads. */
  onAddVoice?: (videoUrl: string) => void
  /** Leads the secondary actions: e.g. "Generate again". */
  again?: ReactNode
  /** The form's own message, if any. */
  notice?: ReactNode
}

/**
 * The action bar once a video is on the canvas: the next step. On step 1 that is
 * Add voice, with Download and Share beside it; on step 2 Download itself. The
 * same bytes are saved and kept on the device, so the gallery plays the video
 * offline (docs/decisions/0170).
 */
export function ResultBar({ videoUrl, captions, onAddVoice, again, notice }: ResultBarProps) {
  const session = useSession()
  const uid = session.status === 'signed-in' ? session.user.uid : null
  const [download, setDownload] = useState<'saving' | DownloadResult | null>(null)
  const save = () => {
    setDownload('saving')
    const captionUrls = captions === undefined ? [] : [captions.vtt, captions.srt]
    void downloadVideo({ url: videoUrl, filename: DOWNLOAD_FILE_NAME, uid, videoId: videoIdOf(videoUrl), captionUrls }).then(setDownload)
  }
  const failure = download === null || download === 'saving' ? null : failureOf(download)
  const downloadClass = onAddVoice ? 'btn action-bar__secondary' : 'btn btn--primary action-bar__primary'
  return (
    <ActionBar
      notice={
        <>
          {notice}
          {failure !== null && <KeepFailureMessage reason={failure} />}
        </>
      }
    >
      {again}
      <ShareVideoButton videoUrl={videoUrl} filename={DOWNLOAD_FILE_NAME} uid={uid} className="btn action-bar__secondary" icon={<ShareIcon />} />
      <button type="button" className={downloadClass} onClick={save} disabled={download === 'saving'}>
        {download === 'saving' ? <span className="spinner" aria-hidden="true" /> : <DownloadIcon />}
        <Trans>Download</Trans>
      </button>
      {onAddVoice && <AddVoiceButton className="btn btn--primary action-bar__primary" onClick={() => onAddVoice(videoUrl)} />}
    </ActionBar>
  )
}
