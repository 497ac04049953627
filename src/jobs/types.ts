// Jobs as the job runner (src/jobs) and the generator screens (src/features/generator)
// share them (spec §4 Generation). Their parameters live with the device database
// that stores a pending job (src/device/job-params.ts), two layers below.

import type { CaptionFiles } from '@contract/captions'

export type { ConsistentParams, JobKind, JobParams, LipSyncParams, UgcParams } from '@/device/job-params'

/**
 * Why a job did not start or did not finish. Codes map to each generator's
 * spec §8 keys (ugc_error.*, lipsync_error.*, consistent_error.*); `server`
 * carries the text of a status answer's error field (§4, consistent actor),
 * which the screen shows only as a detail (docs/decisions/0253).
 */
export type JobFailure =
  | { code: 'one_time_generate' }
  | { code: 'not_enough_token' }
  | { code: 'user_credential' }
  /** 404 user_not_found: the account has no user record (lipsync_error.user_not). */
  | { code: 'user_not' }
  | { code: 'failed_to_generate' }
  | { code: 'server'; message: string }

/** What a generator screen shows (spec §4 Generation; §2 output panel). */
export type JobView =
  | { phase: 'idle' }
  /** The user-status check and start call are running (button disabled). */
  | { phase: 'starting' }
  | {
      phase: 'generating'
      requestId: string
      /** The displayed percent, 0–100, easing upward (spec §4). */
      percent: number
      /** spec §4: 'hang tight' text while totalprogress is 0. */
      hangTight: boolean
    }
  /** `captions`: a captioned lip sync's .vtt and .srt (signed links, docs/decisions/0234). */
  | { phase: 'completed'; outputUrl: string; captions?: CaptionFiles }
  /** spec §8 not_enough_token: the output panel's no-credits notice. */
  | { phase: 'no-credits' }
  | { phase: 'failed'; failure: JobFailure }
