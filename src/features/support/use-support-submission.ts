import { useCallback, useEffect, useRef, useState } from 'react'
import type { SupportOutcome } from './api/post-support-form'

export type SubmissionState = { status: 'idle' } | { status: 'submitting' } | { status: 'done'; outcome: SupportOutcome }

/**
 * spec §4 Forms: idle → submitting (button disabled) → success or failure.
 * A second submit while one is running is ignored, so nothing is sent twice.
 */
export function useSupportSubmission<Payload>(send: (payload: Payload) => Promise<SupportOutcome>) {
  const [state, setState] = useState<SubmissionState>({ status: 'idle' })
  const running = useRef(false)
  const mounted = useRef(true)

  useEffect(() => {
    mounted.current = true
    return () => {
      mounted.current = false
    }
  }, [])

  const submit = useCallback(
    async (payload: Payload): Promise<SupportOutcome | null> => {
      if (running.current) return null
      running.current = true
      setState({ status: 'submitting' })
      try {
        const outcome = await send(payload)
        if (mounted.current) setState({ status: 'done', outcome })
        return outcome
      } finally {
        running.current = false
      }
    },
    // oxlint 1.89 wrongly calls `send` unnecessary: it is a hook argument used above.
    // oxlint-disable-next-line react/memo-dependencies
    [send],
  )

  const reset = useCallback(() => setState({ status: 'idle' }), [])

  return { state, submit, reset, busy: state.status === 'submitting' }
}
