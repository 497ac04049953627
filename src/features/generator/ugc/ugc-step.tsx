import { useLingui } from '@lingui/react/macro'
import { useJob } from '@/jobs/job-runner'
import { useSession } from '@/session/session'
import { OutputPanel } from '../output-panel'
import { UgcForm } from './ugc-form'

interface UgcStepProps {
  /** spec §2 `?video=`: preloaded as the generated video. */
  preloadedVideoUrl: string | undefined
  onAddVoice: (videoUrl: string) => void
}

/** spec §2 Step 1, UGC Actor: the form beside its output panel. */
export function UgcStep({ preloadedVideoUrl, onAddVoice }: UgcStepProps) {
  const { t } = useLingui()
  const session = useSession()
  const job = useJob('ugc')
  return (
    <div className="generator-step">
      <UgcForm view={job.view} session={session.status} onStart={(params) => void job.start(params)} onClearNotice={job.dismiss} />
      <OutputPanel view={job.view} preloadedVideoUrl={preloadedVideoUrl} title={t`Output Video`} onAddVoice={onAddVoice} />
    </div>
  )
}
