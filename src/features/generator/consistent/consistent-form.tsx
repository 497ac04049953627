import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useState, type FormEvent } from 'react'
import type { ConsistentParams, JobView } from '@/jobs/types'
import { CONSISTENT_ACTOR_COST } from '@contract/constants'
import type { Session } from '@/session/session'
import type { CanvasResult } from '../generator-bar'
import { GenerateBar, PromptField } from '../generator-form-parts'
import { generationErrorOf } from '../generation-messages'
import { useGeneratorForm } from '../use-generator-form'
import { useJobInputs } from '../use-job-inputs'
import { FaceImageField } from './face-image-field'
import { useFaceImage } from './use-face-image'

interface ConsistentFormProps {
  view: JobView
  /** Generate waits while the session boots; visitors are asked to log in (spec §6). */
  session: Session['status']
  onStart: (params: ConsistentParams) => void
  /** Clears the no-credits notice once the balance covers the cost. */
  onClearNotice: () => void
  /** The running job's inputs: shown in the form, e.g. after a reload (docs/decisions/0136). */
  jobParams?: ConsistentParams
  /** The face image as the canvas shows it before a run (its address), or none. */
  onPreviewChange?: (previewUrl: string | null) => void
  /** The video on the canvas: the action bar offers its next step until an input changes. */
  result?: CanvasResult | null
}

/**
 * spec §2 Step 1 Consistent_generate in the composer: the face image (shown on the
 * canvas too) and the animation prompt, then the action bar.
 * spec §5: signed in, image required (JPEG, PNG, WebP, ≤ 10 MB), prompt required.
 */
export function ConsistentForm({ view, session, onStart, onClearNotice, jobParams, onPreviewChange, result = null }: ConsistentFormProps) {
  const { t } = useLingui()
  const face = useFaceImage({ canUpload: session === 'signed-in' })
  const [prompt, setPrompt] = useState('')
  const form = useGeneratorForm({ kind: 'consistent', view, session, cost: CONSISTENT_ACTOR_COST, onClearNotice, result })
  const { id, formError, setFormError, edits } = form
  const previewUrl = face.image.status === 'empty' ? null : face.image.previewUrl
  useEffect(() => onPreviewChange?.(previewUrl), [previewUrl, onPreviewChange])

  useJobInputs(view, jobParams, (params) => {
    setPrompt(params.prompt)
    if (face.image.status !== 'ready' || face.image.imageUrl !== params.imageUrl) face.adopt(params.imageName ?? t`Face image`, params.imageUrl)
  })

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (form.busy || form.booting || face.image.status === 'uploading') return
    if (session !== 'signed-in') return setFormError('signin_error')
    if (face.image.status !== 'ready') return setFormError('image_required')
    if (prompt.trim() === '') return setFormError('prompt_required')
    setFormError(null)
    onStart({ kind: 'consistent', prompt: prompt.trim(), imageUrl: face.image.imageUrl, imageName: face.image.name })
  }

  const imageError = face.error ?? (formError === 'image_required' ? formError : null)
  const shown = formError === 'image_required' ? null : (formError ?? (view.phase === 'failed' ? generationErrorOf(view.failure) : null))
  return (
    <form className="composer-form" aria-labelledby={`${id}-heading`} noValidate onSubmit={submit}>
      <h2 id={`${id}-heading`} className="visually-hidden">
        <Trans>Create a consistent actor</Trans>
      </h2>
      <FaceImageField
        image={face.image}
        upload={face.upload}
        error={imageError === null ? null : form.messages.errors[imageError]}
        onPick={(file) => {
          if (formError === 'image_required') setFormError(null)
          face.pick(file)
          edits.mark()
        }}
        onRemove={() => {
          face.remove()
          edits.mark()
        }}
        disabled={form.booting}
      />
      <PromptField
        form={form}
        value={prompt}
        placeholder={t`She turns to the camera, smiles warmly and waves hello.`}
        hint={<Trans>Upload a clear photo of a face and describe how it should move. The same face stays in every video.</Trans>}
        onChange={(value) => {
          setPrompt(value)
          edits.mark()
        }}
      />
      <GenerateBar form={form} view={view} waiting={form.booting || face.image.status === 'uploading'} shown={shown} />
    </form>
  )
}
