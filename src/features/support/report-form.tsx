import { Trans, useLingui } from '@lingui/react/macro'
import { type FormEvent, useRef, useState } from 'react'
import { useApiErrorText } from '@/api/api-error-text'
import { isSignedIn, useSession } from '@/session/session'
import type { SupportOutcome } from './api/post-support-form'
import { submitBugReport } from './api/submit-bug-report'
import { FormField } from './form-field'
import { Honeypot } from './honeypot'
import { SubmissionFeedback } from './submission-feedback'
import { useSupportSubmission } from './use-support-submission'

/** The bug report form (spec §2 Bug report, §3 payload, §8 outcomes). */
export function ReportForm() {
  const { t } = useLingui()
  const apiErrorText = useApiErrorText()
  const session = useSession()
  const user = isSignedIn(session) ? session.user : null
  const [description, setDescription] = useState('')
  const [attachment, setAttachment] = useState('')
  const [honeypot, setHoneypot] = useState('')
  const [needsDescription, setNeedsDescription] = useState(false)
  const descriptionRef = useRef<HTMLTextAreaElement>(null)
  const { state, submit, busy, reset } = useSupportSubmission(submitBugReport)

  const describe = (outcome: SupportOutcome): string => {
    switch (outcome.kind) {
      case 'sent':
        return t`Thank you! Your bug report was submitted successfully.`
      case 'refused': {
        // spec §8 "fail message plus the server message": the server's reason, in the user's language.
        const reason = outcome.code === null || outcome.code === 'internal_error' ? null : apiErrorText[outcome.code]
        return reason === null ? t`Failed to submit the bug report. Please try again.` : t`Failed to submit the bug report: ${reason}`
      }
      case 'rate-limited':
        return t`Too many reports were sent from here. Please wait a few minutes and try again.`
      case 'offline':
        return t`You are offline. Your report is still here; submit it again once you are back online.`
      case 'failed':
        return t`An error occurred. Please try again later.`
    }
  }

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (busy) return
    // spec §5 enforces nothing here; an empty report still gets a friendly nudge (decision 0031).
    if (!description.trim()) {
      setNeedsDescription(true)
      reset()
      descriptionRef.current?.focus()
      return
    }
    const outcome = await submit({
      userId: user?.uid ?? null,
      userEmail: user?.email ?? null,
      message: description.trim(),
      attachment: attachment.trim(),
      ...(honeypot ? { website: honeypot } : {}),
    })
    if (outcome?.kind === 'sent') {
      setDescription('')
      setAttachment('')
    }
  }

  return (
    <form className="card support-form" noValidate aria-labelledby="report-form-title" onSubmit={onSubmit}>
      <h2 id="report-form-title">
        <Trans>What went wrong?</Trans>
      </h2>
      <FormField
        id="report-description"
        label={<Trans>Description</Trans>}
        hint={<Trans>What did you do, what did you expect, and what happened instead?</Trans>}
        error={needsDescription ? t`Please describe the problem so we can look into it.` : undefined}
      >
        {(control) => (
          <textarea
            {...control}
            ref={descriptionRef}
            rows={4}
            value={description}
            onChange={(event) => {
              setDescription(event.target.value)
              if (event.target.value.trim()) setNeedsDescription(false)
            }}
          />
        )}
      </FormField>
      <FormField
        id="report-attachment"
        label={<Trans>Screenshot or video link (optional)</Trans>}
        hint={<Trans>Upload a screenshot or recording anywhere you like and paste the link here.</Trans>}
      >
        {(control) => (
          <input
            {...control}
            type="text"
            inputMode="url"
            autoComplete="off"
            placeholder="https://"
            value={attachment}
            onChange={(event) => setAttachment(event.target.value)}
          />
        )}
      </FormField>
      <Honeypot value={honeypot} onChange={setHoneypot} />
      <button type="submit" className="btn btn--primary support-submit" disabled={busy}>
        {busy && <span className="spinner" aria-hidden="true" />}
        {busy ? <Trans>Submitting...</Trans> : <Trans>Submit report</Trans>}
      </button>
      <SubmissionFeedback state={state} describe={describe} />
    </form>
  )
}
