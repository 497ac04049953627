import type { JobProgress } from '@/device/device-db'

// A job's progress and outcome live on its row (docs/decisions/0311).
export type { JobOutcome, JobProgress } from '@/device/device-db'

export const NO_PROGRESS_YET: JobProgress = { percent: 0, hangTight: true }
