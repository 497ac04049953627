import { Trans, useLingui } from '@lingui/react/macro'
import { useId, useState, type FormEvent } from 'react'
import type { ConsistentParams, JobView } from '@/jobs/types'
import { CONSISTENT_ACTOR_COST } from '@contract/constants'
import type { Session } from '@/session/session'
import { GenerateButton } from '../generate-button'
import { useNoCreditsClears } from '../use-no-credits-clears'
import { detailOf, generationErrorOf, useGenerationMessages, type GenerationError } from '../generation-messages'
import { ServerDetail } from '@/ui/server-detail'
import { FaceImageField } from './face-image-field'
import { useFaceImage } from './use-face-image'

interface ConsistentFormProps {
  view: JobView
  /** Generate waits while the session boots; visitors are asked to log in (spec §6). */
  session: Session['status']
  onStart: (params: ConsistentParams) => void
  /** Clears the no-credits notice once the balance covers the cost. */
  onClearNotice: () => void
}

/**
 * spec §2 Step 1 Consistent_generate: a face image and an animation prompt.
 * spec §5: signed in, image required (JPEG, PNG, WebP, ≤ 10 MB), prompt required.
 */
export function ConsistentForm({ view, session, onStart, onClearNotice }: ConsistentFormProps) {
  const { t } = useLingui()
  const id = useId()
  const messages = useGenerationMessages()
  const face = useFaceImage({ canUpload: session === 'signed-in' })
  const [prompt, setPrompt] = useState('')
  const [formError, setFormError] = useState<GenerationError | null>(null)
  const busy = view.phase === 'starting' || view.phase === 'generating'
  const booting = session === 'loading'
  useNoCreditsClears(view, CONSISTENT_ACTOR_COST, onClearNotice)

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (busy || booting || face.image.status === 'uploading') return
    if (session !== 'signed-in') return setFormError('signin_error')
    if (face.image.status !== 'ready') return setFormError('image_required')
    if (prompt.trim() === '') return setFormError('prompt_required')
    setFormError(null)
    onStart({ kind: 'consistent', prompt: prompt.trim(), imageUrl: face.image.imageUrl })
  }

  const imageError = face.error ?? (formError === 'image_required' ? formError : null)
  const shown = formError === 'image_required' ? null : (formError ?? (view.phase === 'failed' ? generationErrorOf(view.failure) : null))
  const detail = shown === null ? null : detailOf(shown)
  const promptMissing = formError === 'prompt_required'
  return (
    <form className="card generator-form" aria-labelledby={`${id}-heading`} noValidate onSubmit={submit}>
      <h2 id={`${id}-heading`}>
        <Trans>Create a consistent actor</Trans>
      </h2>
      <p className="hint">
        <Trans>Upload a clear photo of a face and describe how it should move. The same face stays in every video.</Trans>
      </p>
      <FaceImageField
        image={face.image}
        upload={face.upload}
        error={imageError === null ? null : messages.errors[imageError]}
        onPick={(file) => {
          if (formError === 'image_required') setFormError(null)
          face.pick(file)
        }}
        onRemove={face.remove}
        disabled={booting}
      />
      <div className="field">
        <label htmlFor={`${id}-prompt`}>
          <Trans>Prompt</Trans>
        </label>
        <textarea
          id={`${id}-prompt`}
          className="generator-form__prompt"
          rows={4}
          value={prompt}
          placeholder={t`She turns to the camera, smiles warmly and waves hello.`}
          onChange={(event) => setPrompt(event.target.value)}
          aria-invalid={promptMissing}
          aria-describedby={promptMissing ? `${id}-error` : undefined}
        />
      </div>
      <GenerateButton view={view} cost={CONSISTENT_ACTOR_COST} waiting={booting || face.image.status === 'uploading'} />
      {shown !== null && (
        <p id={`${id}-error`} className="form-error" role="alert">
          {messages.textOf(shown)}
          {detail !== null && <ServerDetail text={detail} />}
        </p>
      )}
    </form>
  )
}
