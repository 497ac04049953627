import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useEffectEvent, useRef, useState } from 'react'
import { useSession } from '@/session/session'
import { VOICE_OFFER_HOURS } from '@contract/constants'
import type { ApiErrorCode } from '@contract/errors'
import type { VoiceJob } from '@contract/voice'
import { createVoice, type VoiceStart } from './api/create-voice'
import { afterVoiceEnded, latestVoiceQuery, voiceStatusQuery } from './api/get-voice-status'
import { useVoiceEvents } from './api/voice-events'

// "Create voice" (docs/decisions/0232): the voice is a job on the server. This
// hook starts it, follows it until it ends and hands the finished job over once.
// After a reload it follows the user's newest voice again while that is still
// being made, and offers a finished one the user has not used yet.

export type VoiceJobState =
  | { phase: 'idle' }
  | { phase: 'starting' }
  /** `percent` is null until the server reports progress. */
  | { phase: 'making'; percent: number | null }
  /** The start was refused (402, 409, 400) or did not reach the server (code null, status 0). */
  | { phase: 'refused'; code: ApiErrorCode | null; status: number }
  /** The job failed: its price came back (refunded). */
  | { phase: 'failed' }

export interface VoiceJobControl {
  state: VoiceJobState
  create(request: VoiceStart): Promise<void>
  /** The newest voice, finished and not taken yet (e.g. made before a reload), to offer; null when none. */
  offered: VoiceJob | null
  /** Takes the offered voice, or says no to it. */
  take(job: VoiceJob): void
  dismissOffer(): void
}

const running = (job: VoiceJob | null | undefined): job is VoiceJob => job?.status === 'queued' || job?.status === 'running'

/** A voice made within VOICE_OFFER_HOURS: older ones are not offered again. */
function isRecent(createdAt: string): boolean {
  return Date.now() - Date.parse(createdAt) < VOICE_OFFER_HOURS * 60 * 60 * 1000
}

function percentOf(job: VoiceJob | undefined): number | null {
  if (job === undefined || job.progress.totalprogress <= 0) return null
  return Math.min(100, Math.round((job.progress.currentprogress / job.progress.totalprogress) * 100))
}

/** `onVoice` receives each finished voice this page asked for or followed, once. */
export function useVoiceJob(onVoice: (job: VoiceJob) => void): VoiceJobControl {
  const session = useSession()
  const uid = session.status === 'signed-in' ? session.user.uid : null
  const client = useQueryClient()
  const [started, setStarted] = useState<string | null>(null)
  const [local, setLocal] = useState<VoiceJobState>({ phase: 'idle' })
  /** The voices handed over, or said no to: never offered again. */
  const [handled, setHandled] = useState<ReadonlySet<string>>(new Set())
  const settle = (requestId: string) => setHandled((known) => new Set(known).add(requestId))
  const [ended, setEnded] = useState<string | null>(null)

  const latest = useQuery({ ...latestVoiceQuery(uid ?? ''), enabled: uid !== null })
  // A voice being made when the page opened (a reload), or the one a refused second start found, is followed to its end.
  const newestRunning = running(latest.data) ? latest.data.requestId : null
  if (newestRunning !== null && newestRunning !== started && (started === null || ended === started)) setStarted(newestRunning)
  const followed = started
  const status = useQuery({ ...voiceStatusQuery(uid ?? '', followed ?? ''), enabled: uid !== null && followed !== null })
  const job = status.data

  // The followed voice ended: this hook's own state follows at once (during render), the rest in an effect.
  const finished = job !== undefined && job.requestId === followed && (job.status === 'completed' || job.status === 'failed') ? job : null
  if (finished !== null && ended !== finished.requestId) {
    setEnded(finished.requestId)
    settle(finished.requestId)
    setLocal(finished.status === 'completed' ? { phase: 'idle' } : { phase: 'failed' })
  }
  /** Voices handed over already: a refetch of an ended job hands nothing over again. */
  const delivered = useRef(new Set<string>())
  const deliver = useEffectEvent((done: VoiceJob) => {
    if (delivered.current.has(done.requestId)) return
    delivered.current.add(done.requestId)
    // A finished voice charged its price, a failed one gave it back: the balance is read again.
    if (uid !== null) void afterVoiceEnded(client, uid)
    if (done.status === 'completed') onVoice(done)
  })
  useEffect(() => {
    if (finished !== null) deliver(finished)
  }, [finished])

  const create = async (request: VoiceStart) => {
    setLocal({ phase: 'starting' })
    const outcome = await createVoice(request)
    if (outcome.kind === 'ok') {
      setStarted(outcome.value.requestId)
      setLocal({ phase: 'idle' })
      return
    }
    setLocal(outcome.kind === 'refused' ? { phase: 'refused', code: outcome.code, status: outcome.status } : { phase: 'refused', code: null, status: 0 })
    // One voice at a time: the one being made (another tab's, say) is followed instead.
    if (outcome.kind === 'refused' && outcome.code === 'voice_in_progress') void latest.refetch()
  }

  const makingJob = followed !== null && ended !== followed && (job === undefined || job.requestId !== followed || running(job))
  // The job event stream says when the voice changes; the queries' slow poll only covers a stream that is down.
  useVoiceEvents(uid, makingJob)
  const state: VoiceJobState = local.phase === 'starting' ? local : makingJob ? { phase: 'making', percent: percentOf(job) } : local

  const newest = latest.data ?? null
  const offered =
    newest !== null &&
    newest.status === 'completed' &&
    newest.audio !== null &&
    newest.requestId !== followed &&
    !handled.has(newest.requestId) &&
    isRecent(newest.createdAt)
      ? newest
      : null

  return {
    state,
    create,
    offered,
    take(taken) {
      settle(taken.requestId)
      delivered.current.add(taken.requestId)
      onVoice(taken)
    },
    dismissOffer: () => {
      if (newest !== null) settle(newest.requestId)
    },
  }
}
