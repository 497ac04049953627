import { useJob } from '@/jobs/job-runner'
import { useSession } from '@/session/session'
import { LipSyncForm } from './lip-sync-form'
import { LipSyncOutput } from './lip-sync-output'
import './lip-sync.css'

interface LipSyncStepProps {
  /** The generated video or the `?video=` one (spec §2: preloads the lip-sync input). */
  initialVideoUrl: string | undefined
}

/** spec §2 UGC actor page, Step 2: the lip-sync form and its output panel. */
export function LipSyncStep({ initialVideoUrl }: LipSyncStepProps) {
  const session = useSession()
  const job = useJob('lipsync')
  return (
    <div className="lip-sync-step">
      <LipSyncForm
        initialVideoUrl={initialVideoUrl}
        signedIn={session.status === 'signed-in'}
        view={job.view}
        onStart={(params) => void job.start(params)}
      />
      <LipSyncOutput view={job.view} />
    </div>
  )
}
