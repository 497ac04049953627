import { Trans, useLingui } from '@lingui/react/macro'
import { useId, useState, type FormEvent } from 'react'
import type { JobView, UgcParams } from '@/jobs/types'
import { ugcCost } from '@contract/constants'
import type { Session } from '@/session/session'
import { useEnhancedLipSync } from '../enhanced-lip-sync'
import { GenerateButton } from '../generate-button'
import { useNoCreditsClears } from '../use-no-credits-clears'
import { detailOf, generationErrorOf, useGenerationMessages, type GenerationError } from '../generation-messages'
import { ServerDetail } from '@/ui/server-detail'
import { TemplatePicker } from './template-picker'
import { UgcSettings } from './ugc-settings'
import type { TemplateId } from './ugc-templates'

interface UgcFormProps {
  view: JobView
  /** Generate waits while the session boots; visitors are asked to log in (spec §6). */
  session: Session['status']
  onStart: (params: UgcParams) => void
  /** Clears the no-credits notice once the cost shown is affordable. */
  onClearNotice: () => void
}

/**
 * spec §2 Step 1 ugc_generate: header, template picker, prompt, general
 * settings and Generate with progress. spec §5: signed in, a prompt, seed 0–999999.
 */
export function UgcForm({ view, session, onStart, onClearNotice }: UgcFormProps) {
  const { t } = useLingui()
  const id = useId()
  const messages = useGenerationMessages()
  const [prompt, setPrompt] = useState('')
  const [template, setTemplate] = useState<TemplateId | null>(null)
  const [seed, setSeed] = useState('')
  const [seedError, setSeedError] = useState<string | null>(null)
  const [enhanced, setEnhanced] = useState(false)
  const [formError, setFormError] = useState<GenerationError | null>(null)
  const [enhancedLipSync] = useEnhancedLipSync()
  const busy = view.phase === 'starting' || view.phase === 'generating'
  const booting = session === 'loading'
  useNoCreditsClears(view, ugcCost(enhanced), onClearNotice)

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (busy || booting) return
    if (session !== 'signed-in') return setFormError('signin_error')
    if (prompt.trim() === '') return setFormError('prompt_required')
    // The contract's schema (and zod with it) loads when someone signed in starts, not with the form.
    const { seedSchema } = await import('@contract/generations')
    const parsedSeed = seedSchema.safeParse(seed)
    if (!parsedSeed.success) return setSeedError(messages.seedOutOfRange)
    setFormError(null)
    onStart({ kind: 'ugc', prompt: prompt.trim(), seed: parsedSeed.data, enhanced, enhancedLipSync })
  }

  // A failed job speaks under the form (spec §8: red text); the no-credits notice lives in the output panel.
  const shown = formError ?? (view.phase === 'failed' ? generationErrorOf(view.failure) : null)
  const detail = shown === null ? null : detailOf(shown)
  const promptMissing = formError === 'prompt_required'
  return (
    <form className="card generator-form" aria-labelledby={`${id}-heading`} noValidate onSubmit={(event) => void submit(event)}>
      <h2 id={`${id}-heading`}>
        <Trans>Create your UGC actor</Trans>
      </h2>
      <p className="hint">
        <Trans>Describe the person, the place and what they say, or start from a template.</Trans>
      </p>
      <TemplatePicker
        selected={template}
        onPick={(picked, text) => {
          setTemplate(picked.id)
          setPrompt(text)
          if (formError === 'prompt_required') setFormError(null)
        }}
      />
      <div className="field">
        <label htmlFor={`${id}-prompt`}>
          <Trans>Prompt</Trans>
        </label>
        <textarea
          id={`${id}-prompt`}
          className="generator-form__prompt"
          rows={5}
          value={prompt}
          placeholder={t`A young woman in a bright kitchen tells the camera about her favourite morning smoothie…`}
          onChange={(event) => {
            setPrompt(event.target.value)
            setTemplate(null)
          }}
          aria-invalid={promptMissing}
          aria-describedby={promptMissing ? `${id}-error` : undefined}
        />
      </div>
      <UgcSettings
        seed={seed}
        seedError={seedError}
        onSeedChange={(value) => {
          setSeed(value)
          setSeedError(null)
        }}
        enhanced={enhanced}
        onEnhancedChange={setEnhanced}
      />
      <GenerateButton view={view} cost={ugcCost(enhanced)} waiting={booting} />
      {shown !== null && (
        <p id={`${id}-error`} className="form-error" role="alert">
          {messages.textOf(shown)}
          {detail !== null && <ServerDetail text={detail} />}
        </p>
      )}
    </form>
  )
}
