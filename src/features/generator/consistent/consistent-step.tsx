import { Trans } from '@lingui/react/macro'
import { useState } from 'react'
import { useJob } from '@/jobs/job-runner'
import { useSession } from '@/session/session'
import { useCanvasVideo } from '../output-panel'
import { VideoComposer } from '../video-composer'
import { ConsistentForm } from './consistent-form'

/** spec §2 Step 1, Consistent Actor, as a composer: the canvas titled Output Video (the face, the progress, the video) over the form. */
export function ConsistentStep({ onAddVoice }: { onAddVoice: (videoUrl: string) => void }) {
  const session = useSession()
  const job = useJob('consistent')
  const canvas = useCanvasVideo(job.view, undefined)
  const [face, setFace] = useState<string | null>(null)
  // The face shows where the video will be; the form's card names it.
  const preview = face === null ? undefined : { media: <img className="output-panel__media" src={face} alt="" />, tag: <Trans>Your face image</Trans> }
  return (
    <VideoComposer view={job.view} canvas={canvas} preview={preview}>
      <ConsistentForm
        view={job.view}
        session={session.status}
        jobParams={job.params}
        onStart={(params) => void job.start(params)}
        onClearNotice={job.dismiss}
        onPreviewChange={setFace}
        result={canvas.videoUrl === undefined ? null : { videoUrl: canvas.videoUrl, onAddVoice }}
      />
    </VideoComposer>
  )
}
