import { isHTTPError } from 'ky'
import { api } from '@/api/http'
import { type CheckoutStatusResponse, checkoutStatusSchema } from '@contract/payments'

export type Confirmation =
  | { kind: 'confirmed'; status: CheckoutStatusResponse['status']; credits: number }
  /** 404: no such checkout for this account (a mistyped or foreign session id). */
  | { kind: 'unknown' }
  /** Anything else: offline, a server error, an answer we cannot read. */
  | { kind: 'failed' }

/**
 * docs/api.md POST /api/payment/v1/confirm { session_id }: the success page's
 * confirmation. For a paid Stripe session the server fulfils it (once) first,
 * so the balance read afterwards includes the new credits. Never throws.
 */
export async function confirmCheckout(sessionId: string): Promise<Confirmation> {
  try {
    const data: unknown = await api.post('api/payment/v1/confirm', { json: { session_id: sessionId } }).json()
    const parsed = checkoutStatusSchema.safeParse(data)
    return parsed.success ? { kind: 'confirmed', status: parsed.data.status, credits: parsed.data.credits } : { kind: 'failed' }
  } catch (error) {
    if (isHTTPError(error) && (error.response.status === 404 || error.response.status === 400)) return { kind: 'unknown' }
    return { kind: 'failed' }
  }
}
