import type { PendingJob } from '@/db/device-db'

/** What a running job's progress bar shows (spec §4 Generation). */
export interface JobProgress {
  /** Displayed percent, 0–99 while running. */
  percent: number
  /** spec §4: the 'hang tight' text while totalprogress is 0. */
  hangTight: boolean
}

export const NO_PROGRESS_YET: JobProgress = { percent: 0, hangTight: true }

/** How a job ended, as its device row keeps it until the screen has shown it. */
export type JobOutcome = NonNullable<PendingJob['outcome']>
