import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import type { JobStream } from '@/jobs/event-stream'
import { voiceQueriesKey } from './get-voice-status'

// A voice being made is followed through the job event stream (docs/decisions/0212,
// 0232), which carries voice events as it carries videos': each one makes the user's
// voice queries stale, so they are read again at once instead of every second. The
// stream (and the app's API client it reads through) loads with the first voice.

/** While `making` (a voice of `uid` is queued or running), reads the voice queries again on each voice event. */
export function useVoiceEvents(uid: string | null, making: boolean): void {
  const client = useQueryClient()
  useEffect(() => {
    if (uid === null || !making) return
    let stream: JobStream | null = null
    let closed = false
    void import('@/jobs/event-stream').then(({ openJobStream }) => {
      if (closed) return
      stream = openJobStream({
        onJob: (event) => {
          if (event.kind === 'voice') void client.invalidateQueries({ queryKey: voiceQueriesKey(uid) })
        },
      })
    })
    return () => {
      closed = true
      stream?.close()
    }
  }, [client, uid, making])
}
