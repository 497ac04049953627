import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useState, type FormEvent } from 'react'
import type { JobView, UgcParams } from '@/jobs/types'
import { ugcCost } from '@contract/constants'
import type { Session } from '@/session/session'
import { useEnhancedLipSync } from '../enhanced-lip-sync'
import type { CanvasResult } from '../generator-bar'
import { GenerateBar, PromptField } from '../generator-form-parts'
import { generationErrorOf } from '../generation-messages'
import { useGeneratorForm } from '../use-generator-form'
import { useJobInputs } from '../use-job-inputs'
import { TemplatePicker } from './template-picker'
import { UgcSettings } from './ugc-settings'
import { PROMPT_TEMPLATES, type PromptTemplate } from './ugc-templates'

interface UgcFormProps {
  view: JobView
  /** Generate waits while the session boots; visitors are asked to log in (spec §6). */
  session: Session['status']
  onStart: (params: UgcParams) => void
  /** Clears the no-credits notice once the cost shown is affordable. */
  onClearNotice: () => void
  /** The running job's inputs: shown in the form, e.g. after a reload (docs/decisions/0136). */
  jobParams?: UgcParams
  /** The template picked (the canvas shows its sample), or none. */
  onTemplateChange?: (template: PromptTemplate | null) => void
  /** The video on the canvas: the action bar offers its next step until an input changes. */
  result?: CanvasResult | null
}

/**
 * spec §2 Step 1 ugc_generate in the composer: the prompt right under the canvas,
 * the templates as a row of thumbnails, the general settings folded under
 * "Settings", and the action bar. spec §5: signed in, a prompt, seed 0–999999.
 */
export function UgcForm({ view, session, onStart, onClearNotice, jobParams, onTemplateChange, result = null }: UgcFormProps) {
  const { t } = useLingui()
  const [prompt, setPrompt] = useState('')
  const [template, setTemplate] = useState<PromptTemplate | null>(null)
  const [seed, setSeed] = useState('')
  const [seedError, setSeedError] = useState<string | null>(null)
  const [enhanced, setEnhanced] = useState(false)
  const [enhancedLipSync] = useEnhancedLipSync()
  const form = useGeneratorForm({ kind: 'ugc', view, session, cost: ugcCost(enhanced), onClearNotice, result })
  const { id, formError, setFormError, edits } = form

  useEffect(() => onTemplateChange?.(template), [template, onTemplateChange])

  useJobInputs(view, jobParams, (params) => {
    setPrompt(params.prompt)
    setSeed(params.seed === null ? '' : String(params.seed))
    setEnhanced(params.enhanced)
    setTemplate(PROMPT_TEMPLATES.find((candidate) => t(candidate.prompt) === params.prompt) ?? null)
  })

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (form.busy || form.booting) return
    if (session !== 'signed-in') return setFormError('signin_error')
    if (prompt.trim() === '') return setFormError('prompt_required')
    // The contract's schema (and zod with it) loads when someone signed in starts, not with the form.
    const { seedSchema } = await import('@contract/generations')
    const parsedSeed = seedSchema.safeParse(seed)
    if (!parsedSeed.success) return setSeedError(form.messages.seedOutOfRange)
    setFormError(null)
    onStart({ kind: 'ugc', prompt: prompt.trim(), seed: parsedSeed.data, enhanced, enhancedLipSync })
  }

  // A failed job speaks right above the action bar (spec §8: red text under the form).
  const shown = formError ?? (view.phase === 'failed' ? generationErrorOf(view.failure) : null)
  return (
    <form className="composer-form" aria-labelledby={`${id}-heading`} noValidate onSubmit={(event) => void submit(event)}>
      <h2 id={`${id}-heading`} className="visually-hidden">
        <Trans>Create your UGC actor</Trans>
      </h2>
      <PromptField
        form={form}
        value={prompt}
        placeholder={t`A young woman in a bright kitchen tells the camera about her favourite morning smoothie…`}
        hint={<Trans>Describe the person, the place and what they say, or start from a template.</Trans>}
        onChange={(value) => {
          setPrompt(value)
          setTemplate(null)
          edits.mark()
        }}
      />
      <TemplatePicker
        selected={template?.id ?? null}
        onPick={(picked, text) => {
          setTemplate(picked)
          setPrompt(text)
          edits.mark()
          if (formError === 'prompt_required') setFormError(null)
        }}
      />
      <UgcSettings
        seed={seed}
        seedError={seedError}
        onSeedChange={(value) => {
          setSeed(value)
          setSeedError(null)
          edits.mark()
        }}
        enhanced={enhanced}
        onEnhancedChange={(value) => {
          setEnhanced(value)
          edits.mark()
        }}
      />
      <GenerateBar form={form} view={view} waiting={form.booting} shown={shown} />
    </form>
  )
}
