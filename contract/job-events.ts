import { z } from 'zod'
import { statusResponseSchema } from './generations.ts'

// The job event stream (docs/api.md "Job events", docs/decisions/0212):
// `GET /api/fal/v1/events` with the bearer token answers text/event-stream.
// Each `job` event carries one job's status, the same answer as its status
// call; `ready` says the stream is live (check the jobs once: anything that
// changed before it is in that answer). Event ids resume with Last-Event-ID.

export const JOB_EVENTS_PATH = 'api/fal/v1/events'

/** The kinds of generation that make a video (a push message names one of these). */
export const VIDEO_JOB_KINDS = ['ugc', 'lipsync', 'consistent'] as const
/** Every job kind: the videos and `voice`, a voice made from a script (contract/voice.ts). */
export const JOB_KINDS = [...VIDEO_JOB_KINDS, 'voice'] as const

export const jobEventSchema = z.object({
  /** Our job id: the requestId / request_id the start call answered. */
  requestId: z.string().min(1),
  kind: z.enum(JOB_KINDS),
  status: statusResponseSchema,
})
export type JobEvent = z.infer<typeof jobEventSchema>

export const streamReadySchema = z.object({
  /** Whether the events after the Last-Event-ID sent were replayed (false on a fresh stream). */
  resumed: z.boolean(),
})
export type StreamReady = z.infer<typeof streamReadySchema>
