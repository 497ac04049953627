import { useLingui } from '@lingui/react/macro'
import { useCallback } from 'react'
import type { PendingJob } from '@/device/device-db'
import type { JobOutcome } from '@/jobs/job-progress'
import { jobScreenOf } from '@/jobs/job-screen'
import type { Toasts } from './use-toasts'

/** Announces an ended generation with a toast (on every page: docs/decisions/0131). */
export function useJobToasts(toasts: Toasts): (job: PendingJob, outcome: JobOutcome) => void {
  const { t } = useLingui()
  const { show } = toasts
  return useCallback(
    (job, outcome) => {
      const screen = jobScreenOf(job.kind)
      if (outcome.status === 'failed') {
        show({ text: t`Your video could not be generated.`, tone: 'error', screen })
        return
      }
      const text =
        job.kind === 'ugc'
          ? t`Your UGC actor video is ready.`
          : job.kind === 'lipsync'
            ? t`Your lip-sync video is ready.`
            : t`Your consistent actor video is ready.`
      show({ text, tone: 'success', screen })
    },
    [show, t],
  )
}
