import { Trans, useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import type { JobView } from '@/jobs/types'
import { Composer } from '@/ui/composer'
import { type CanvasPreview, OutputPanel, type useCanvasVideo } from './output-panel'

interface VideoComposerProps {
  view: JobView
  canvas: ReturnType<typeof useCanvasVideo>
  /** What the canvas shows before a run (a template's sample, the face image), or nothing. */
  preview: CanvasPreview | undefined
  /** The step's form. */
  children: ReactNode
}

/** A step that makes a video from a prompt (UGC actor, consistent actor): the canvas titled Output Video (its preview, the progress, the video) over the form. */
export function VideoComposer({ view, canvas, preview, children }: VideoComposerProps) {
  const { t } = useLingui()
  return (
    <Composer
      canvas={
        <OutputPanel
          view={view}
          title={t`Output Video`}
          videoUrl={canvas.videoUrl}
          onVideoError={canvas.clear}
          preview={preview}
          progressLabel={t`Video generation progress`}
          hangTight={<Trans>Hang tight! Your video is in the queue and will start rendering shortly.</Trans>}
        />
      }
    >
      {children}
    </Composer>
  )
}
