import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useId, useState } from 'react'
import { ShareVideoButton } from '@/app/pwa/share-video-button'
import { type DownloadResult, downloadVideo } from '@/device/download-video'
import { KeepFailureMessage } from '@/app/device/keep-failure-message'
import { DownloadIcon, MicrophoneIcon } from '@/ui/icons'
import { CaptionDownloads } from '@/ui/caption-downloads'
import type { GalleryItem } from './gallery-item'

interface PreviewActionsProps {
  item: GalleryItem
  videoUrl: string
  uid: string
  /** Kept on this device: it can be removed from it. */
  kept: boolean
  online: boolean
  onRemove: (item: GalleryItem) => Promise<void>
}

type DownloadState = { kind: 'idle' } | { kind: 'busy' } | { kind: 'done'; result: DownloadResult }

/**
 * The preview's actions in one row at the bottom, where a thumb reaches them (docs/decisions/0164):
 * Download (spec §2: video-{id}.mp4, kept on this device with its poster), Add voice (lip sync
 * with this video, not for a lip-sync video), Share where the browser can, Remove from this device
 * for a kept video.
 */
export function PreviewActions({ item, videoUrl, uid, kept, online, onRemove }: PreviewActionsProps) {
  const offlineHint = useId()
  const [download, setDownload] = useState<DownloadState>({ kind: 'idle' })
  const [removal, setRemoval] = useState<'idle' | 'removing' | 'removed' | 'failed'>('idle')
  const filename = `video-${item.id}.mp4`
  const voiceable = item.type !== 'lipsync'

  const save = () => {
    setDownload({ kind: 'busy' })
    const captionUrls = item.captions === undefined ? [] : [item.captions.vtt, item.captions.srt]
    void downloadVideo({ url: videoUrl, filename, uid, videoId: item.id, posterUrl: item.thumbnailUrl, captionUrls }).then((result) =>
      setDownload({ kind: 'done', result }),
    )
  }
  const remove = () => {
    setRemoval('removing')
    void onRemove(item).then(
      () => setRemoval('removed'),
      () => setRemoval('failed'),
    )
  }
  const result = download.kind === 'done' ? download.result : null

  return (
    <>
      <div className="video-preview__actions">
        <button type="button" className="btn btn--primary" onClick={save} disabled={download.kind === 'busy'}>
          <DownloadIcon />
          {download.kind === 'busy' ? <Trans>Downloading…</Trans> : <Trans>Download</Trans>}
        </button>
        {voiceable && online && (
          <Link to="/ugc-actor" search={{ step: 2, video: videoUrl }} className="btn">
            <MicrophoneIcon />
            <Trans>Add voice</Trans>
          </Link>
        )}
        {voiceable && !online && (
          <button type="button" className="btn" disabled aria-describedby={offlineHint}>
            <MicrophoneIcon />
            <Trans>Add voice</Trans>
          </button>
        )}
        <ShareVideoButton videoUrl={videoUrl} filename={filename} uid={uid} />
        {kept && (
          <button type="button" className="btn btn--ghost" onClick={remove} disabled={removal === 'removing'}>
            <Trans>Remove from this device</Trans>
          </button>
        )}
      </div>
      {/* Offline, a kept video's caption files come from the device (kept with it on Download). */}
      {item.captions !== undefined && (online || kept) && <CaptionDownloads files={item.captions} />}
      {voiceable && !online && (
        <p id={offlineHint} className="hint video-preview__hint">
          <Trans>Adding a voice needs an internet connection.</Trans>
        </p>
      )}
      <output className="hint video-preview__status">
        {result?.ok === true && result.kept?.ok === true && !(removal === 'removed') && <Trans>Saved. This video now plays offline too.</Trans>}
        {removal === 'removed' && <Trans>Removed from this device.</Trans>}
      </output>
      {result?.ok === false && (
        <p className="field-error" role="alert">
          <Trans>The download failed. Check your connection and try again.</Trans>
        </p>
      )}
      {result?.ok === true && result.kept?.ok === false && <KeepFailureMessage reason={result.kept.reason} />}
      {removal === 'failed' && (
        <p className="field-error" role="alert">
          <Trans>This video could not be removed from this device. Try again.</Trans>
        </p>
      )}
    </>
  )
}
