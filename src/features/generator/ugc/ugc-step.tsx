import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { useJob } from '@/jobs/job-runner'
import { useSession } from '@/session/session'
import { useCanvasVideo } from '../output-panel'
import { VideoComposer } from '../video-composer'
import { TemplateSample } from './template-sample'
import { UgcForm } from './ugc-form'
import type { PromptTemplate } from './ugc-templates'

interface UgcStepProps {
  /** spec §2 `?video=`: preloaded as the generated video. */
  preloadedVideoUrl: string | undefined
  onAddVoice: (videoUrl: string) => void
}

/** spec §2 Step 1, UGC Actor, as a composer: the canvas (the chosen template's sample, the progress, the video) over the form. */
export function UgcStep({ preloadedVideoUrl, onAddVoice }: UgcStepProps) {
  const { t } = useLingui()
  const session = useSession()
  const job = useJob('ugc')
  const canvas = useCanvasVideo(job.view, preloadedVideoUrl)
  const [template, setTemplate] = useState<PromptTemplate | null>(null)
  const preview =
    template === null
      ? undefined
      : { media: <TemplateSample key={template.id} id={template.id} />, tag: <Trans>Sample, made without AI</Trans>, caption: t(template.title) }
  return (
    <VideoComposer view={job.view} canvas={canvas} preview={preview}>
      <UgcForm
        view={job.view}
        session={session.status}
        jobParams={job.params}
        onStart={(params) => void job.start(params)}
        onClearNotice={job.dismiss}
        onTemplateChange={setTemplate}
        result={canvas.videoUrl === undefined ? null : { videoUrl: canvas.videoUrl, onAddVoice }}
      />
    </VideoComposer>
  )
}
