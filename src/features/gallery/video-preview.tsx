import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { Modal } from '@/ui/modal'
import type { GalleryItem } from './gallery-item'
import { downloadAndKeep } from './kept-videos'

interface VideoPreviewProps {
  /** The item shown; null when the preview is closed (spec §4: preview open/closed). */
  item: GalleryItem | null
  uid: string
  onClose: () => void
}

/** spec §2: the modal preview plays at once with controls; Download saves video-{id}.mp4. */
export function VideoPreview({ item, uid, onClose }: VideoPreviewProps) {
  const { t } = useLingui()
  return (
    <Modal
      open={item !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t`Video preview`}
      description={item?.prompt || undefined}
      className="video-preview"
    >
      {item?.videoUrl && <PreviewBody key={item.id} item={item} videoUrl={item.videoUrl} uid={uid} />}
    </Modal>
  )
}

function PreviewBody({ item, videoUrl, uid }: { item: GalleryItem; videoUrl: string; uid: string }) {
  const { t } = useLingui()
  const [download, setDownload] = useState<'idle' | 'busy' | 'done' | 'failed'>('idle')

  const save = () => {
    setDownload('busy')
    downloadAndKeep({ url: videoUrl, filename: `video-${item.id}.mp4`, uid, videoId: item.id }).then(
      () => setDownload('done'),
      () => setDownload('failed'),
    )
  }

  return (
    <>
      {/* A generated clip has no transcript to caption it from. */}
      {/* oxlint-disable-next-line jsx-a11y/media-has-caption */}
      <video className="video-preview__video" src={videoUrl} controls autoPlay playsInline aria-label={t`Preview video`} />
      <div className="video-preview__actions">
        <button type="button" className="btn btn--primary" onClick={save} disabled={download === 'busy'}>
          {download === 'busy' ? <Trans>Downloading…</Trans> : <Trans>Download</Trans>}
        </button>
      </div>
      <output className="hint video-preview__status">
        {download === 'done' && <Trans>Saved. This video now plays offline too.</Trans>}
      </output>
      {download === 'failed' && (
        <p className="field-error" role="alert">
          <Trans>The download failed. Check your connection and try again.</Trans>
        </p>
      )}
    </>
  )
}
