import { Trans, useLingui } from '@lingui/react/macro'
import { useId } from 'react'
import { estimatedSpeechSeconds, type SpeechLanguage, VOICE_SCRIPT_MAX_CHARACTERS } from '@contract/constants'

interface ScriptFieldProps {
  value: string
  onChange: (value: string) => void
  /** The voice's language: its speaking pace gives the estimate. */
  language: SpeechLanguage
  /** Shown under the field and announced; the field is marked invalid. */
  error: string | null
  disabled: boolean
}

/**
 * What the actor says: at most VOICE_SCRIPT_MAX_CHARACTERS (the field takes no
 * more), with a live count and about how long it takes to say.
 */
export function ScriptField({ value, onChange, language, error, disabled }: ScriptFieldProps) {
  const { t, i18n } = useLingui()
  const id = useId()
  const count = i18n.number(value.length)
  const max = i18n.number(VOICE_SCRIPT_MAX_CHARACTERS)
  const seconds = estimatedSpeechSeconds(value, language)
  const full = value.length >= VOICE_SCRIPT_MAX_CHARACTERS
  return (
    <div className="field composer-form__prompt voice-script">
      <label htmlFor={id}>
        <Trans>What should the actor say?</Trans>
      </label>
      <textarea
        id={id}
        rows={3}
        lang={language}
        value={value}
        maxLength={VOICE_SCRIPT_MAX_CHARACTERS}
        disabled={disabled}
        placeholder={t`Hi! I found the easiest way to make ads that people actually watch…`}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error === null ? undefined : true}
        aria-describedby={`${id}-count${error === null ? '' : ` ${id}-error`}`}
      />
      <p id={`${id}-count`} className="hint voice-script__count">
        <span data-full={full}>
          <Trans>
            {count} / {max} characters
          </Trans>
        </span>
        {seconds > 0 && (
          <span>
            <Trans>about {seconds} s</Trans>
          </span>
        )}
      </p>
      {error !== null && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  )
}
