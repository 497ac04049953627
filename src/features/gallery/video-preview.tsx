import { Trans, useLingui } from '@lingui/react/macro'
import { Modal } from '@/ui/modal'
import { CollapsiblePrompt } from './collapsible-prompt'
import { clockDuration, type GalleryItem } from './gallery-item'
import { PreviewActions } from './preview-actions'
import { PreviewVideo } from './preview-video'

interface VideoPreviewProps {
  /** The item shown; null when the preview is closed (spec §4: preview open/closed). */
  item: GalleryItem | null
  uid: string
  /** False while offline for a video not kept on this device: it cannot play. */
  playable: boolean
  /** Kept on this device. */
  kept: boolean
  online: boolean
  onRemove: (item: GalleryItem) => Promise<void>
  onClose: () => void
}

/**
 * spec §2: the modal preview plays at once with controls. It fills the screen
 * (docs/decisions/0164): the video as large as it fits, the prompt in two lines
 * (expandable), and the actions at the bottom, within a thumb's reach.
 */
export function VideoPreview({ item, uid, playable, kept, online, onRemove, onClose }: VideoPreviewProps) {
  const { t, i18n } = useLingui()
  const videoUrl = item?.videoUrl ?? null
  return (
    <Modal open={item !== null} onOpenChange={(open) => !open && onClose()} title={t`Video preview`} className="video-preview">
      {item !== null && (
        <>
          {/* spec §2: a click on the backdrop closes the preview; full screen, the backdrop is the dark room around
              the video. The close button and Escape are the keyboard's ways out. */}
          {/* oxlint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions */}
          <div className="video-preview__stage" onClick={(event) => event.target === event.currentTarget && onClose()}>
            {videoUrl !== null && playable ? (
              <PreviewVideo key={item.id} item={item} videoUrl={videoUrl} />
            ) : (
              <p className="hint video-preview__unavailable">
                <Trans>This video is not available offline. Connect to the internet to watch or download it.</Trans>
              </p>
            )}
          </div>
          <div className="video-preview__panel">
            {item.prompt !== '' && <CollapsiblePrompt key={`prompt-${item.id}`} text={item.prompt} />}
            <p className="video-preview__meta">
              <time dateTime={item.createdAt}>{i18n.date(new Date(item.createdAt), { dateStyle: 'medium', timeStyle: 'short' })}</time>
              {item.durationSeconds !== null && <span> · {clockDuration(item.durationSeconds)}</span>}
            </p>
            {videoUrl !== null && playable && (
              <PreviewActions key={`actions-${item.id}`} item={item} videoUrl={videoUrl} uid={uid} kept={kept} online={online} onRemove={onRemove} />
            )}
          </div>
        </>
      )}
    </Modal>
  )
}
