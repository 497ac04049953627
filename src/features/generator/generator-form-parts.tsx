import { Trans, useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import type { JobView } from '@/jobs/types'
import { ServerDetail } from '@/ui/server-detail'
import { GeneratorBar } from './generator-bar'
import { detailOf, type GenerationError, type ServerFailure } from './generation-messages'
import type { GeneratorForm } from './use-generator-form'

// The pieces the UGC and consistent-actor forms both show: the prompt right
// under the canvas, and the action bar with Generate and its cost, and the
// form's message above it (spec §8: red text under the form).

interface PromptFieldProps {
  form: GeneratorForm
  value: string
  placeholder: string
  hint: ReactNode
  onChange: (value: string) => void
}

export function PromptField({ form, value, placeholder, hint, onChange }: PromptFieldProps) {
  const { id } = form
  const missing = form.formError === 'prompt_required'
  return (
    <div className="field composer-form__prompt">
      <label htmlFor={`${id}-prompt`}>
        <Trans>Prompt</Trans>
      </label>
      <textarea
        id={`${id}-prompt`}
        rows={3}
        value={value}
        placeholder={placeholder}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={missing}
        aria-describedby={`${id}-prompt-hint${missing ? ` ${id}-error` : ''}`}
      />
      <span id={`${id}-prompt-hint`} className="hint">
        {hint}
      </span>
    </div>
  )
}

interface GenerateBarProps {
  form: GeneratorForm
  view: JobView
  /** Something the start needs is on its way (the session, an upload). */
  waiting: boolean
  /** The message to show: the form's refusal or the failed job's. */
  shown: GenerationError | ServerFailure | null
}

export function GenerateBar({ form, view, waiting, shown }: GenerateBarProps) {
  const { t } = useLingui()
  const { id, price, messages } = form
  const detail = shown === null ? null : detailOf(shown)
  return (
    <GeneratorBar
      view={view}
      startLabel={
        <Trans>
          Generate <span className="visually-hidden">·</span> <span className="action-bar__cost">{price} credits</span>
        </Trans>
      }
      busyLabel={<Trans>Generating…</Trans>}
      againLabel={t`Generate again · ${price} credits`}
      waiting={waiting}
      shortfall={form.shortfall}
      result={form.edits.current}
      error={
        shown !== null && (
          <p id={`${id}-error`} className="action-bar__error" role="alert">
            {messages.textOf(shown)}
            {detail !== null && <ServerDetail text={detail} />}
          </p>
        )
      }
    />
  )
}
