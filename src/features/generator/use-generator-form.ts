import { useId, useState } from 'react'
import type { JobKind, JobView } from '@/jobs/types'
import type { Session } from '@/session/session'
import { useCreditsText } from './credits-text'
import type { CanvasResult } from './generator-bar'
import { useGenerationMessages, type GenerationError } from './generation-messages'
import { type CreditShortfall, useCreditShortfall } from './use-credit-shortfall'
import { useEditedSince } from './use-edited-since'

// What the UGC and consistent-actor forms share around their own inputs: ids
// for labels, the form's refusal, whether a start may go now (not while a job
// runs or the session boots), the credits it costs and any shortfall, and
// whether the inputs still match the video on the canvas.

export interface GeneratorFormOptions {
  kind: JobKind
  view: JobView
  session: Session['status']
  cost: number
  /** Clears the no-credits notice once the cost shown is affordable. */
  onClearNotice: () => void
  result: CanvasResult | null
}

export interface GeneratorForm {
  /** The base of the form's element ids. */
  id: string
  messages: ReturnType<typeof useGenerationMessages>
  formError: GenerationError | null
  setFormError: (error: GenerationError | null) => void
  /** The result the bar offers until an input changes; `mark()` on every change. */
  edits: ReturnType<typeof useEditedSince>
  /** A job is starting or running: a submit does nothing. */
  busy: boolean
  /** The session is still booting: Generate waits (spec §6). */
  booting: boolean
  shortfall: CreditShortfall
  /** The cost as the bar writes it ('1.75'). */
  price: string
}

export function useGeneratorForm({ kind, view, session, cost, onClearNotice, result }: GeneratorFormOptions): GeneratorForm {
  const id = useId()
  const messages = useGenerationMessages()
  const creditsText = useCreditsText()
  const [formError, setFormError] = useState<GenerationError | null>(null)
  const edits = useEditedSince(result)
  const shortfall = useCreditShortfall(kind, view, cost, onClearNotice)
  return {
    id,
    messages,
    formError,
    setFormError,
    edits,
    busy: view.phase === 'starting' || view.phase === 'generating',
    booting: session === 'loading',
    shortfall,
    price: creditsText(cost),
  }
}
