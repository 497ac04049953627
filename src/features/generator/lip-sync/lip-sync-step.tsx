import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import type { CaptionFiles } from '@contract/captions'
import { useJob } from '@/jobs/job-runner'
import type { JobView } from '@/jobs/types'
import { useSession } from '@/session/session'
import { Composer } from '@/ui/composer'
import { FirstFrame } from '@/ui/first-frame'
import { OutputPanel, useCanvasVideo } from '../output-panel'
import { LipSyncForm } from './lip-sync-form'
import './lip-sync.css'

interface LipSyncStepProps {
  /** The generated video or the `?video=` one (spec §2: preloads the lip-sync input). */
  initialVideoUrl: string | undefined
}

/** spec §2 UGC actor page, Step 2, as a composer: the canvas (the input's first frame, the progress, the result) over the lip-sync form. */
export function LipSyncStep({ initialVideoUrl }: LipSyncStepProps) {
  const { t } = useLingui()
  const session = useSession()
  const job = useJob('lipsync')
  const canvas = useCanvasVideo(job.view, undefined)
  const [input, setInput] = useState<string | null>(null)
  const preview =
    input === null
      ? undefined
      : {
          // The form's card names and plays the input video; here it shows where the result will be.
          media: <FirstFrame className="output-panel__media" src={input} />,
          tag: <Trans>Your input video</Trans>,
        }
  return (
    <Composer
      canvas={
        <OutputPanel
          view={job.view}
          title={t`Output video`}
          videoUrl={canvas.videoUrl}
          onVideoError={canvas.clear}
          preview={preview}
          progressLabel={t`Lip sync progress`}
          hangTight={<Trans>Hang tight! Your video is waiting for its turn.</Trans>}
        />
      }
    >
      <LipSyncForm
        initialVideoUrl={initialVideoUrl}
        session={session.status}
        view={job.view}
        jobParams={job.params}
        onStart={(params) => void job.start(params)}
        onClearNotice={job.dismiss}
        onPreviewChange={setInput}
        result={canvas.videoUrl === undefined ? null : { videoUrl: canvas.videoUrl, captions: captionsOf(job.view, canvas.videoUrl) }}
      />
    </Composer>
  )
}

/** The caption files of the video on the canvas, when it is the captioned result of this job. */
function captionsOf(view: JobView, videoUrl: string): CaptionFiles | undefined {
  return view.phase === 'completed' && view.outputUrl === videoUrl ? view.captions : undefined
}
