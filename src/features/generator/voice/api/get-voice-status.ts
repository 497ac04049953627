import { queryOptions, type QueryClient } from '@tanstack/react-query'
import { userRecordKey } from '@/api/server-state'
import { VOICE_LATEST_PATH, VOICE_STATUS_PATH, voiceJobSchema, voiceLatestResponseSchema, type VoiceJob } from '@contract/voice'

// POST api/fal/v1/voiceStatus and voiceLatest: a voice job as it stands
// (progress, then the audio in the upload answer's shape, which becomes the
// audio card exactly as an upload does), and the user's newest voice job, so
// the page resumes a voice after a reload. Polled while the voice is made.

/** A voice is made in a second or two on the embedded default, seconds with the model. */
export const VOICE_POLL_MS = 1000

export async function getVoiceStatus(requestId: string): Promise<VoiceJob> {
  const { api } = await import('@/api/http')
  return voiceJobSchema.parse(await api.post(VOICE_STATUS_PATH, { json: { request_id: requestId } }).json())
}

export async function getLatestVoice(): Promise<VoiceJob | null> {
  const { api } = await import('@/api/http')
  return voiceLatestResponseSchema.parse(await api.post(VOICE_LATEST_PATH, { json: {} }).json()).voice
}

const ended = (voice: VoiceJob | null | undefined): boolean => voice === null || voice?.status === 'completed' || voice?.status === 'failed'

/** One voice job of the signed-in user (`uid`), asked again every VOICE_POLL_MS until it ends. */
export const voiceStatusQuery = (uid: string, requestId: string) =>
  queryOptions({
    queryKey: ['voice', uid, requestId] as const,
    queryFn: () => getVoiceStatus(requestId),
    refetchInterval: (query) => (ended(query.state.data) ? false : VOICE_POLL_MS),
  })

/** The user's newest voice job (null: none yet), asked again while it is being made. */
export const latestVoiceQuery = (uid: string) =>
  queryOptions({
    queryKey: ['voice', uid, 'latest'] as const,
    queryFn: getLatestVoice,
    refetchInterval: (query) => (ended(query.state.data) ? false : VOICE_POLL_MS),
  })

/** After a voice ended: a failed one gave its credits back. */
export function afterVoiceEnded(client: QueryClient, uid: string): Promise<void> {
  return client.invalidateQueries({ queryKey: userRecordKey(uid) })
}
