import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { ShareVideoButton } from '@/app/pwa/share-video-button'
import { type DownloadResult, downloadVideo } from '@/device/download-video'
import { KeepFailureMessage } from '@/device/keep-failure-message'
import { Modal } from '@/ui/modal'
import type { GalleryItem } from './gallery-item'

interface VideoPreviewProps {
  /** The item shown; null when the preview is closed (spec §4: preview open/closed). */
  item: GalleryItem | null
  uid: string
  /** False while offline for a video not kept on this device: it cannot play. */
  playable: boolean
  onClose: () => void
}

/** spec §2: the modal preview plays at once with controls; Download saves video-{id}.mp4 and keeps it here. */
export function VideoPreview({ item, uid, playable, onClose }: VideoPreviewProps) {
  const { t } = useLingui()
  return (
    <Modal
      open={item !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t`Video preview`}
      description={item?.prompt || undefined}
      className="video-preview"
    >
      {item?.videoUrl && playable && <PreviewBody key={item.id} item={item} videoUrl={item.videoUrl} uid={uid} />}
      {item && !playable && (
        <p className="hint">
          <Trans>This video is not available offline. Connect to the internet to watch or download it.</Trans>
        </p>
      )}
    </Modal>
  )
}

type DownloadState = { kind: 'idle' } | { kind: 'busy' } | { kind: 'done'; result: DownloadResult }

function PreviewBody({ item, videoUrl, uid }: { item: GalleryItem; videoUrl: string; uid: string }) {
  const { t } = useLingui()
  const [download, setDownload] = useState<DownloadState>({ kind: 'idle' })

  const save = () => {
    setDownload({ kind: 'busy' })
    void downloadVideo({ url: videoUrl, filename: `video-${item.id}.mp4`, uid, videoId: item.id }).then((result) => setDownload({ kind: 'done', result }))
  }
  const result = download.kind === 'done' ? download.result : null

  return (
    <>
      {/* A generated clip has no transcript to caption it from. */}
      {/* oxlint-disable-next-line jsx-a11y/media-has-caption */}
      <video className="video-preview__video" src={videoUrl} controls autoPlay playsInline aria-label={t`Preview video`} />
      <div className="video-preview__actions">
        <button type="button" className="btn btn--primary" onClick={save} disabled={download.kind === 'busy'}>
          {download.kind === 'busy' ? <Trans>Downloading…</Trans> : <Trans>Download</Trans>}
        </button>
        <ShareVideoButton videoUrl={videoUrl} filename={`video-${item.id}.mp4`} uid={uid} />
      </div>
      <output className="hint video-preview__status">
        {result?.ok === true && result.kept?.ok === true && <Trans>Saved. This video now plays offline too.</Trans>}
      </output>
      {result?.ok === false && (
        <p className="field-error" role="alert">
          <Trans>The download failed. Check your connection and try again.</Trans>
        </p>
      )}
      {result?.ok === true && result.kept?.ok === false && <KeepFailureMessage reason={result.kept.reason} />}
    </>
  )
}
