import { useLingui } from '@lingui/react/macro'
import { useJob } from '@/jobs/job-runner'
import { useSession } from '@/session/session'
import { OutputPanel } from '../output-panel'
import { LipSyncForm } from './lip-sync-form'
import './lip-sync.css'

interface LipSyncStepProps {
  /** The generated video or the `?video=` one (spec §2: preloads the lip-sync input). */
  initialVideoUrl: string | undefined
}

/** spec §2 UGC actor page, Step 2: "lip-sync form and output panel" (no Add voice on step 2). */
export function LipSyncStep({ initialVideoUrl }: LipSyncStepProps) {
  const { t } = useLingui()
  const session = useSession()
  const job = useJob('lipsync')
  return (
    <div className="lip-sync-step">
      <LipSyncForm
        initialVideoUrl={initialVideoUrl}
        session={session.status}
        view={job.view}
        onStart={(params) => void job.start(params)}
        onClearNotice={job.dismiss}
      />
      <OutputPanel view={job.view} title={t`Output video`} />
    </div>
  )
}
