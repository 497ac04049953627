import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useId, useState } from 'react'
import { CardMedia } from './card-media'
import { clockDuration, type GalleryItem } from './gallery-item'

interface VideoCardProps {
  item: GalleryItem
  /** Kept on this device (plays offline). */
  kept: boolean
  online: boolean
  onOpen: (item: GalleryItem) => void
  onRemove: (item: GalleryItem) => Promise<void>
}

/**
 * spec §3 video card (id, videoUrl, prompt, createdAt) as a portrait tile with
 * the video's poster and a duration chip (docs/decisions/0164). Hover or focus
 * shows the prompt (two lines) and the date (spec §2); keyboard and touch users
 * get it on focus.
 */
export function VideoCard({ item, kept, online, onOpen, onRemove }: VideoCardProps) {
  const { t, i18n } = useLingui()
  const durationId = useId()
  const [removal, setRemoval] = useState<'idle' | 'removing' | 'failed'>('idle')
  const date = i18n.date(new Date(item.createdAt), { dateStyle: 'medium' })
  const videoUrl = item.status === 'completed' ? item.videoUrl : null
  const playable = videoUrl !== null
  const title = item.prompt || date
  const duration = item.durationSeconds === null ? null : { clock: clockDuration(item.durationSeconds), seconds: Math.round(item.durationSeconds) }

  const remove = () => {
    setRemoval('removing')
    // IndexedDB can refuse (blocked, or the browser is clearing storage): the video stays kept, and the card says so.
    void onRemove(item).then(
      () => setRemoval('idle'),
      () => setRemoval('failed'),
    )
  }

  return (
    <li className="video-card">
      <div className="video-card__frame">
        {videoUrl !== null ? (
          <button
            type="button"
            className="video-card__open"
            aria-label={t`Preview: ${title}`}
            aria-describedby={duration === null ? undefined : durationId}
            onClick={() => onOpen(item)}
          >
            <CardMedia item={{ ...item, videoUrl }} unavailable={!online && !kept} />
          </button>
        ) : (
          <p className="video-card__state">{item.status === 'failed' ? <Trans>This video failed</Trans> : <Trans>Still being made</Trans>}</p>
        )}
        {playable && item.captions !== undefined && (
          <span className="video-card__captions">
            <Trans>Captions</Trans>
          </span>
        )}
        {playable && duration !== null && (
          <span id={durationId} className="video-card__duration">
            <span aria-hidden="true">{duration.clock}</span>
            <span className="visually-hidden">
              <Plural value={duration.seconds} one="Length: # second" other="Length: # seconds" />
            </span>
          </span>
        )}
        <div className="video-card__details">
          {item.prompt && <p className="video-card__prompt">{item.prompt}</p>}
          <time className="video-card__date" dateTime={item.createdAt}>
            {date}
          </time>
        </div>
      </div>
      {playable && kept && (
        <p className="video-card__offline video-card__offline--kept">
          <span>
            <Trans>Available offline</Trans>
          </span>
          <button
            type="button"
            className="video-card__remove"
            disabled={removal === 'removing'}
            onClick={remove}
            aria-label={t`Remove from this device: ${title}`}
          >
            <Trans>Remove</Trans>
          </button>
        </p>
      )}
      {playable && kept && removal === 'failed' && (
        <p className="field-error video-card__error" role="alert">
          <Trans>This video could not be removed from this device. Try again.</Trans>
        </p>
      )}
      {playable && !kept && !online && (
        <p className="video-card__offline">
          <Trans>Not available offline</Trans>
        </p>
      )}
    </li>
  )
}
