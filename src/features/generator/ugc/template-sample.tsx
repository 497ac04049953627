import { useEffect, useRef } from 'react'
import { playOrRefuse, prefersReducedMotion } from '@/ui/play-video'
import { templateSample, type TemplateId } from './ugc-templates'

/** The chosen template's sample on the canvas: a silent loop, standing still for reduced motion. Keyed by the template where it is shown. */
export function TemplateSample({ id }: { id: TemplateId }) {
  const ref = useRef<HTMLVideoElement>(null)
  const sample = templateSample(id)
  useEffect(() => {
    const video = ref.current
    if (video !== null && !prefersReducedMotion()) void playOrRefuse(video)
  }, [])
  return (
    // Decoration: the caption over it names the template.
    <video
      ref={ref}
      className="output-panel__media"
      src={sample.video}
      poster={sample.poster}
      muted
      loop
      playsInline
      preload="auto"
      aria-hidden="true"
      tabIndex={-1}
    />
  )
}
