import { useState } from 'react'
import { isPortrait, type GalleryItem } from './gallery-item'

interface CardMediaProps {
  item: GalleryItem & { videoUrl: string }
  /** Offline and not kept on this device: nothing can load, so nothing is asked for. */
  unavailable: boolean
}

/**
 * What a tile shows (docs/decisions/0164): the poster frame the server took
 * (docs/decisions/0163), filling a portrait tile, or contained on a blurred
 * copy of itself for any other shape. A video without a poster (or whose
 * poster does not load, e.g. offline and not kept) shows its own first frame;
 * behind everything a tinted frame, so a tile is never a black rectangle.
 */
export function CardMedia({ item, unavailable }: CardMediaProps) {
  const [posterFailed, setPosterFailed] = useState(false)
  if (unavailable) return <span className="video-card__media video-card__media--unavailable" aria-hidden="true" />
  if (item.thumbnailUrl !== null && !posterFailed) {
    const fill = isPortrait(item.aspectRatio)
    return (
      <>
        {!fill && (
          <img className="video-card__media video-card__media--backdrop" src={item.thumbnailUrl} alt="" aria-hidden="true" loading="lazy" decoding="async" />
        )}
        <img
          className={`video-card__media ${fill ? 'video-card__media--fill' : ''}`}
          src={item.thumbnailUrl}
          alt=""
          loading="lazy"
          decoding="async"
          onError={() => setPosterFailed(true)}
        />
      </>
    )
  }
  // `#t=0.1` makes Safari, which decodes nothing for preload="metadata", paint a frame too.
  return (
    <video
      className="video-card__media video-card__media--fill"
      src={`${item.videoUrl}#t=0.1`}
      preload="metadata"
      muted
      playsInline
      tabIndex={-1}
      aria-hidden="true"
    />
  )
}
