import { ServerDetail } from '@/ui/server-detail'
import type { SubmissionState } from './use-support-submission'

interface SubmissionFeedbackProps {
  state: SubmissionState
  /** The translated line for a finished submission. */
  describe: (outcome: Extract<SubmissionState, { status: 'done' }>['outcome']) => string
}

/**
 * The outcome line under a support form (spec §8: errors as red text under the
 * form). Green for a sent form, red otherwise — decided by the outcome, not by
 * searching the text for 'successfully', so German reads right too (decision 0030).
 * The live region is always rendered so screen readers announce the change.
 */
export function SubmissionFeedback({ state, describe }: SubmissionFeedbackProps) {
  const done = state.status === 'done' ? state.outcome : null
  const tone = done?.kind === 'sent' ? 'form-success' : 'form-error'
  // A refusal without a code we can translate keeps the server's words, as a detail (decision 0253).
  const detail = done?.kind === 'refused' && done.code === null && done.serverMessage.trim() !== '' ? done.serverMessage : null
  return (
    <div className="support-feedback" aria-live="polite" aria-atomic="true">
      {done && (
        <p className={`support-feedback__line ${tone}`}>
          {describe(done)}
          {detail !== null && <ServerDetail text={detail} />}
        </p>
      )}
    </div>
  )
}
