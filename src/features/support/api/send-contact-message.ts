import type { SupportOutcome } from './post-support-form'

/** spec §3 contact payload; `type` is always 'contact'. */
export interface ContactPayload {
  /** The signed-in user's uid (spec §6), else null. */
  userId: string | null
  userName: string
  email: string
  type: 'contact'
  subject: string
  message: string
  /** Honeypot (docs/quality.md): only present when a bot filled it in. */
  website?: string
}

/** spec §7: POST /api/messages/v1/new → { success, message }. */
export async function sendContactMessage(payload: ContactPayload): Promise<SupportOutcome> {
  // The HTTP client and the answer's schema load with the first message sent, not with the screen (docs/decisions/0208).
  const { postSupportForm } = await import('./post-support-form')
  return postSupportForm('api/messages/v1/new', payload)
}
