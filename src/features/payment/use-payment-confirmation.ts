import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { afterPurchase } from '@/api/server-state'
import { isSignedIn, useSession } from '@/session/session'
import { type Confirmation, confirmCheckout } from './api/confirm-checkout'

export type ConfirmationState =
  /** No session id in the address: nothing to confirm (e.g. a bookmarked /success). */
  | { kind: 'no-session-id' }
  /** Waiting for the session or the server. */
  | { kind: 'confirming' }
  /** Signed out: the confirmation needs the buyer's token (spec §6). */
  | { kind: 'signed-out' }
  | Exclude<Confirmation, { kind: 'confirmed' }>
  /** `newBalance`: the balance read after the confirmation, null until it arrives (or when it could not be read). */
  | (Extract<Confirmation, { kind: 'confirmed' }> & { newBalance: number | null })

/**
 * /success?session_id=…: confirms the checkout with the server, then refetches
 * the user record so the top bar and the page show the new balance (docs/decisions/0300, 0116).
 * Each session id is confirmed once per page view.
 */
export function usePaymentConfirmation(sessionId: string | undefined): ConfirmationState {
  const session = useSession()
  const serverState = useQueryClient()
  const signedIn = session.status === 'signed-in' ? session.user : null
  const signedInEmail = signedIn?.email ?? null
  const uid = signedIn?.uid ?? null
  const [result, setResult] = useState<{ sessionId: string; confirmation: Confirmation; balanceRead: boolean } | null>(null)

  useEffect(() => {
    if (!sessionId || signedInEmail === null || uid === null) return
    let current = true
    void confirmCheckout(sessionId).then((confirmation) => {
      if (!current) return
      setResult({ sessionId, confirmation, balanceRead: false })
      // Even when the answer was lost the payment may have gone through: read the balance again.
      void afterPurchase(serverState, uid).finally(() => {
        if (current) setResult((held) => (held?.sessionId === sessionId ? { ...held, balanceRead: true } : held))
      })
    })
    return () => {
      current = false
    }
  }, [sessionId, signedInEmail, uid, serverState])

  if (!sessionId) return { kind: 'no-session-id' }
  if (session.status === 'signed-out') return { kind: 'signed-out' }
  if (result === null || result.sessionId !== sessionId) return { kind: 'confirming' }
  const { confirmation } = result
  if (confirmation.kind !== 'confirmed') return confirmation
  const newBalance = result.balanceRead && isSignedIn(session) ? session.credits : null
  return { ...confirmation, newBalance }
}
