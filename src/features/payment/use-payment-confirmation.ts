import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useEffectEvent, useState } from 'react'
import { PAYMENT_CONFIRM_POLL_MS, PAYMENT_CONFIRM_POLL_TRIES } from '@contract/constants'
import { isSignedIn, useSession } from '@/session/session'
import { readBalanceAgain } from '@/session/user-record-query'
import { type Confirmation, confirmCheckout } from './api/confirm-checkout'

export type ConfirmationState =
  /** No session id in the address: nothing to confirm (e.g. a bookmarked /success). */
  | { kind: 'no-session-id' }
  /** Waiting for the session or the server. */
  | { kind: 'confirming' }
  /** Signed out: the confirmation needs the buyer's token (spec §6). */
  | { kind: 'signed-out' }
  | Exclude<Confirmation, { kind: 'confirmed' }>
  /**
   * `newBalance`: the balance the server answered after the confirmation; undefined while
   * it is being read, null when it could not be. `waiting`: a payment still being processed
   * is being asked about again; once false, `checkAgain` starts over.
   */
  | (Extract<Confirmation, { kind: 'confirmed' }> & { newBalance: number | null | undefined; waiting: boolean; checkAgain(): void })

interface Held {
  sessionId: string
  attempt: number
  confirmation: Confirmation
  newBalance: number | null | undefined
  waiting: boolean
}

const isOpen = (confirmation: Confirmation): boolean => confirmation.kind === 'confirmed' && confirmation.status === 'open'

const wait = (ms: number, signal: AbortSignal): Promise<void> =>
  new Promise((resolve) => {
    const timer = setTimeout(resolve, ms)
    signal.addEventListener('abort', () => clearTimeout(timer), { once: true })
  })

/**
 * /success?session_id=…: confirms the checkout with the server, asking again while the
 * payment is still being processed (PAYMENT_CONFIRM_POLL_TRIES times), then reads the
 * user record again so the top bar and the page show the new balance
 * (docs/decisions/0300, 0116). Each session id is confirmed once per page view, or again
 * when the user asks to check again.
 */
export function usePaymentConfirmation(sessionId: string | undefined): ConfirmationState {
  const session = useSession()
  const serverState = useQueryClient()
  const signedIn = isSignedIn(session) ? session.user : null
  const uid = signedIn?.uid ?? null
  const [held, setHeld] = useState<Held | null>(null)
  // Each "Check again" is a new attempt; what an earlier one answers late is not shown.
  const [attempt, setAttempt] = useState(0)
  // The latest user for the record's fetch: the confirmation starts over only for another account.
  const readBalance = useEffectEvent(() => (signedIn === null ? Promise.resolve(null) : readBalanceAgain(serverState, signedIn)))

  useEffect(() => {
    if (!sessionId || uid === null) return
    const stop = new AbortController()
    const show = (next: Omit<Held, 'sessionId' | 'attempt'>) => {
      if (!stop.signal.aborted) setHeld({ sessionId, attempt, ...next })
    }
    void (async () => {
      let confirmation = await confirmCheckout(sessionId)
      for (let tries = 1; isOpen(confirmation) && tries < PAYMENT_CONFIRM_POLL_TRIES; tries += 1) {
        show({ confirmation, newBalance: undefined, waiting: true })
        await wait(PAYMENT_CONFIRM_POLL_MS, stop.signal)
        if (stop.signal.aborted) return
        confirmation = await confirmCheckout(sessionId)
      }
      if (isOpen(confirmation)) {
        show({ confirmation, newBalance: null, waiting: false })
        return
      }
      show({ confirmation, newBalance: undefined, waiting: false })
      // Even when the answer was lost the payment may have gone through: read the balance again.
      const newBalance = await readBalance()
      show({ confirmation, newBalance, waiting: false })
    })()
    return () => stop.abort()
  }, [sessionId, uid, attempt])

  const checkAgain = useCallback(() => setAttempt((value) => value + 1), [])

  if (!sessionId) return { kind: 'no-session-id' }
  if (session.status === 'signed-out') return { kind: 'signed-out' }
  if (held === null || held.sessionId !== sessionId || held.attempt !== attempt) return { kind: 'confirming' }
  const { confirmation } = held
  if (confirmation.kind !== 'confirmed') return confirmation
  return { ...confirmation, newBalance: held.newBalance, waiting: held.waiting, checkAgain }
}
