// The generations a user can start (spec §2 UGC actor page, §3 requests, §4
// Generation) as the job runner (src/jobs) and the generator screens
// (src/features/generator) share them.

export type JobKind = 'ugc' | 'lipsync' | 'consistent'

/** spec §3 UGC generation settings (aspect ratio, resolution and duration are fixed: §9). */
export interface UgcParams {
  kind: 'ugc'
  prompt: string
  /** null = random (spec §3: blank means random). */
  seed: number | null
  /** The 'enhanced actor' toggle (spec §3 enhancedDetail → pro_mode). */
  enhanced: boolean
  /**
   * The session's 'enhanced lip sync' flag when the job started: spec §4 eases UGC
   * at 3500 ms a point "with enhanced lipsync on" (decision 0251). Absent in rows
   * stored before it existed: off.
   */
  enhancedLipSync?: boolean
}

/** spec §3 lip-sync request. */
export interface LipSyncParams {
  kind: 'lipsync'
  videoUrl: string
  audioUrl: string
  /** spec §3 audio_duraraion: seconds, > 0 (§5). */
  audioDurationSeconds: number
  /** true = lipsync-1.9.0-beta (3.00 a started minute), false = lipsync-1.8.0 (2.35) (spec §9). */
  enhanced: boolean
}

/** spec §3 consistent-actor request. */
export interface ConsistentParams {
  kind: 'consistent'
  prompt: string
  imageUrl: string
}

export type JobParams = UgcParams | LipSyncParams | ConsistentParams

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
  | { phase: 'completed'; outputUrl: string }
  /** spec §8 not_enough_token: the output panel's no-credits notice. */
  | { phase: 'no-credits' }
  | { phase: 'failed'; failure: JobFailure }
