import type { SupportOutcome } from './post-support-form'

/** spec §3 bug report payload: uid and email when signed in, else null (spec §6). */
export interface BugReportPayload {
  userId: string | null
  userEmail: string | null
  message: string
  /** The screenshot or video link as typed (spec §3 "link text"). */
  attachment: string
  /** Honeypot (docs/quality.md): only present when a bot filled it in. */
  website?: string
}

/** spec §7: POST /api/bug-reports/v1/new → { success, message }. */
export async function submitBugReport(payload: BugReportPayload): Promise<SupportOutcome> {
  // The HTTP client and the answer's schema load with the first message sent, not with the screen (docs/decisions/0208).
  const { postSupportForm } = await import('./post-support-form')
  return postSupportForm('api/bug-reports/v1/new', payload)
}
