// The generations a user can start (spec §2 UGC actor page, §3 requests, §4
// Generation), as the device database stores a pending job's parameters; the job
// runner (src/jobs) and the generator screens (src/features/generator) share them.

import type { CaptionsOption } from '@contract/captions'

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
  /** Beyond the spec: captions burnt into the video, their style and (corrected) cues; absent: none (docs/decisions/0234). */
  captions?: CaptionsOption
  /**
   * What the form showed of its inputs, kept with the job on the device only (never sent),
   * so the form shows them again after a reload (docs/decisions/0136). Absent in older rows.
   */
  videoName?: string
  audioName?: string
  audioBytes?: number
}

/** spec §3 consistent-actor request. */
export interface ConsistentParams {
  kind: 'consistent'
  prompt: string
  imageUrl: string
  /** The face image's file name, kept on the device only (docs/decisions/0136). */
  imageName?: string
}

export type JobParams = UgcParams | LipSyncParams | ConsistentParams
