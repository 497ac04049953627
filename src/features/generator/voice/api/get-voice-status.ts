import { queryOptions, type QueryClient } from '@tanstack/react-query'
import { userRecordKey } from '@/api/server-state'
import { VOICE_LATEST_PATH, VOICE_STATUS_PATH, voiceJobSchema, voiceLatestResponseSchema, type VoiceJob } from '@contract/voice'

// POST api/fal/v1/voiceStatus and voiceLatest: a voice job as it stands
// (progress, then the audio in the upload answer's shape, which becomes the
// audio card exactly as an upload does), and the user's newest voice job, so
// the page resumes a voice after a reload. While a voice is made the job
// event stream says when it changes (useVoiceEvents, ./voice-events.ts), and
// the queries are read again then; their own slow poll only covers a stream
// that is down. Like every query function these throw: the query holds the
// error, and failureOf (./call-outcome.ts) reads it.

/** How often a voice being made is asked about when no event came (the stream brings its end at once). */
export const VOICE_FALLBACK_POLL_MS = 5000

/** Every voice query of the signed-in user (`uid`): what a voice event makes stale. */
export const voiceQueriesKey = (uid: string) => ['voice', uid] as const

export async function getVoiceStatus(requestId: string): Promise<VoiceJob> {
  const { api } = await import('@/api/http')
  return voiceJobSchema.parse(await api.post(VOICE_STATUS_PATH, { json: { request_id: requestId } }).json())
}

export async function getLatestVoice(): Promise<VoiceJob | null> {
  const { api } = await import('@/api/http')
  return voiceLatestResponseSchema.parse(await api.post(VOICE_LATEST_PATH, { json: {} }).json()).voice
}

const ended = (voice: VoiceJob | null | undefined): boolean => voice === null || voice?.status === 'completed' || voice?.status === 'failed'

/** One voice job of the signed-in user (`uid`); until it ends, read again on its events (or every VOICE_FALLBACK_POLL_MS). */
export const voiceStatusQuery = (uid: string, requestId: string) =>
  queryOptions({
    queryKey: [...voiceQueriesKey(uid), requestId] as const,
    queryFn: () => getVoiceStatus(requestId),
    refetchInterval: (query) => (ended(query.state.data) ? false : VOICE_FALLBACK_POLL_MS),
  })

/** The user's newest voice job (null: none yet), read again like voiceStatusQuery while it is being made. */
export const latestVoiceQuery = (uid: string) =>
  queryOptions({
    queryKey: [...voiceQueriesKey(uid), 'latest'] as const,
    queryFn: getLatestVoice,
    refetchInterval: (query) => (ended(query.state.data) ? false : VOICE_FALLBACK_POLL_MS),
  })

/** After a voice ended: a failed one gave its credits back. */
export function afterVoiceEnded(client: QueryClient, uid: string): Promise<void> {
  return client.invalidateQueries({ queryKey: userRecordKey(uid) })
}
