import { useLingui } from '@lingui/react/macro'
import { useJob } from '@/jobs/job-runner'
import { useSession } from '@/session/session'
import { OutputPanel } from '../output-panel'
import { ConsistentForm } from './consistent-form'

/** spec §2 Step 1, Consistent Actor: the form and a panel titled Output Video. */
export function ConsistentStep({ onAddVoice }: { onAddVoice: (videoUrl: string) => void }) {
  const { t } = useLingui()
  const session = useSession()
  const job = useJob('consistent')
  return (
    <div className="generator-step">
      <ConsistentForm view={job.view} session={session.status} onStart={(params) => void job.start(params)} onClearNotice={job.dismiss} />
      <OutputPanel view={job.view} title={t`Output Video`} onAddVoice={onAddVoice} />
    </div>
  )
}
