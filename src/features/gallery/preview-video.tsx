import { useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import type { GalleryItem } from './gallery-item'

/** "16:9" → "16 / 9" for CSS; a portrait frame when the record's format is unreadable. */
function cssRatio(aspectRatio: string): string {
  const match = /^(\d+):(\d+)$/.exec(aspectRatio)
  return match ? `${match[1]} / ${match[2]}` : '9 / 16'
}

/**
 * The preview's player, as tall as the room and as wide as the clip's proportions
 * allow (docs/decisions/0164): the record's format first, the file's own once known
 * (fal's lip sync keeps its input's shape, which the record cannot know). The room
 * beside it stays the backdrop a click closes the preview on.
 */
export function PreviewVideo({ item, videoUrl }: { item: GalleryItem; videoUrl: string }) {
  const { t } = useLingui()
  const [ratio, setRatio] = useState(() => cssRatio(item.aspectRatio))
  return (
    // A generated clip has no transcript to caption it from.
    // oxlint-disable-next-line jsx-a11y/media-has-caption
    <video
      className="video-preview__video"
      style={{ aspectRatio: ratio }}
      src={videoUrl}
      poster={item.thumbnailUrl ?? undefined}
      controls
      autoPlay
      playsInline
      aria-label={t`Preview video`}
      onLoadedMetadata={(event) => {
        const { videoWidth, videoHeight } = event.currentTarget
        if (videoWidth > 0 && videoHeight > 0) setRatio(`${videoWidth} / ${videoHeight}`)
      }}
    />
  )
}
