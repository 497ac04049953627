import type { SyntheticEvent } from 'react'

/** Some engines paint nothing until a frame is sought (a black box): seek the first one once the metadata is in. */
export function showFirstFrame(event: SyntheticEvent<HTMLVideoElement>): void {
  const video = event.currentTarget
  if (video.currentTime === 0 && video.paused) video.currentTime = 0.001
}

/** A video's first frame as a still picture (decoration: whatever shows it names it). */
export function FirstFrame({ src, className }: { src: string; className?: string }) {
  return (
    // oxlint-disable-next-line jsx-a11y/media-has-caption
    <video className={className} src={src} muted playsInline preload="metadata" aria-hidden="true" tabIndex={-1} onLoadedMetadata={showFirstFrame} />
  )
}
