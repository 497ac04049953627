import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useRunningJob } from '@/jobs/job-runner'
import { jobScreenOf } from '@/jobs/job-screen'
import './running-job-indicator.css'

/**
 * A running generation, visible from every page with the top bar:
 * its percent, linking back to the generator step that shows it.
 */
export function RunningJobIndicator() {
  const { t } = useLingui()
  const running = useRunningJob()
  if (running === null) return null
  const percent = running.percent
  const screen = jobScreenOf(running.kind)
  return (
    <Link to={screen.to} search={{ step: screen.step }} className="running-job" aria-label={t`Video generation in progress: ${percent}%`}>
      <svg className="running-job__ring" viewBox="0 0 20 20" width="18" height="18" aria-hidden="true">
        <circle cx="10" cy="10" r="8" pathLength="100" className="running-job__track" />
        <circle cx="10" cy="10" r="8" pathLength="100" className="running-job__fill" strokeDasharray={`${percent} 100`} />
      </svg>
      <span className="running-job__percent" aria-hidden="true">
        {percent}%
      </span>
    </Link>
  )
}
