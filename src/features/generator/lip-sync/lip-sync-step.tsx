import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
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
      {session.status === 'signed-out' && (
        // spec §6: generation requires sign-in.
        <p className="lip-sync-step__notice">
          <Trans>Please log in to the system to generate the video.</Trans> <Link to="/auth"><Trans>Sign in</Trans></Link>
        </p>
      )}
      <LipSyncForm
        initialVideoUrl={initialVideoUrl}
        session={session.status}
        view={job.view}
        onStart={(params) => void job.start(params)}
      />
      <LipSyncOutput view={job.view} />
    </div>
  )
}
