import type { PendingJob } from '@/device/device-db'

/** A started UGC job as the device keeps it (tests override what they look at). */
export function pendingJob(overrides: Partial<PendingJob> = {}): PendingJob {
  return {
    requestId: 'r1',
    kind: 'ugc',
    params: { kind: 'ugc', prompt: 'p', seed: null, enhanced: false },
    uid: 'u1',
    userId: 'rec-1',
    startedAt: 1,
    demo: false,
    ...overrides,
  }
}
