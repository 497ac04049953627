import { useEffect, useEffectEvent, useRef } from 'react'
import type { JobView } from '@/jobs/types'

/**
 * A running job's inputs into its form, once per job (docs/decisions/0136): after a
 * reload, or when another tab started it, the form shows what is being made rather
 * than empty fields. Later edits are the user's own; they are never overwritten.
 */
export function useJobInputs<Params>(view: JobView, params: Params | undefined, show: (params: Params) => void): void {
  const requestId = view.phase === 'generating' ? view.requestId : null
  const shown = useRef<string | null>(null)
  const showEvent = useEffectEvent(show)
  useEffect(() => {
    if (requestId === null || params === undefined || shown.current === requestId) return
    shown.current = requestId
    showEvent(params)
  }, [requestId, params])
}
