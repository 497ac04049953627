import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import type { CaptionFiles } from '@contract/captions'
import type { JobView } from '@/jobs/types'
import { ActionBar } from '@/ui/action-bar'
import { RefreshIcon } from '@/ui/icons'
import { useCreditsText } from './credits-text'
import { ResultBar } from './result-actions'
import type { CreditShortfall } from './use-credit-shortfall'

/** A video on the canvas and its next step (spec §2: Add voice, Download). */
export interface CanvasResult {
  videoUrl: string
  /** A captioned video's .vtt and .srt: Download keeps them on the device with it. */
  captions?: CaptionFiles
  onAddVoice?: (videoUrl: string) => void
}

interface GeneratorBarProps {
  view: JobView
  /** The primary action's words before a start, with the cost: 'Generate · 1.75 credits'. */
  startLabel: ReactNode
  /** Its words while the job runs: 'Generating…'. */
  busyLabel: ReactNode
  /** The name of "start again" beside a finished video, with the cost. */
  againLabel: string
  /** Something the start needs is on its way (the session, an upload). */
  waiting: boolean
  shortfall: CreditShortfall
  /** The finished video's next step, while the inputs are still the ones it was made from. */
  result: CanvasResult | null
  /** The form's message (spec §8: red text under the form), right above the actions. */
  error: ReactNode
  /** Starts by a click; without it the primary action submits its form. */
  onStart?: () => void
}

/**
 * The generator's sticky action bar (docs/decisions/0135): the start with its
 * cost; while the job runs, its state; once the video is there, the next step;
 * with too few credits, how many are missing and the way to the purchase page.
 */
export function GeneratorBar({ view, startLabel, busyLabel, againLabel, waiting, shortfall, result, error, onStart }: GeneratorBarProps) {
  const { t } = useLingui()
  const creditsText = useCreditsText()
  const running = view.phase === 'starting' || view.phase === 'generating'
  const type = onStart === undefined ? 'submit' : 'button'
  if (running) {
    return (
      <ActionBar notice={error}>
        <button type="button" className="btn btn--primary action-bar__primary" disabled>
          <span className="spinner" aria-hidden="true" />
          {busyLabel}
        </button>
      </ActionBar>
    )
  }
  if (result !== null) {
    // Only a video made here can be made again; a preloaded one (spec §2 `?video=`) has no inputs in the form.
    const again =
      shortfall.short || view.phase !== 'completed' ? undefined : (
        <button type={type} className="btn action-bar__secondary" onClick={onStart} disabled={waiting} aria-label={againLabel} title={againLabel}>
          <RefreshIcon />
          <span aria-hidden="true">
            <Trans>Again</Trans>
          </span>
        </button>
      )
    return <ResultBar videoUrl={result.videoUrl} captions={result.captions} onAddVoice={result.onAddVoice} again={again} notice={error} />
  }
  if (shortfall.short) {
    const missing = shortfall.missing === null ? null : creditsText(shortfall.missing)
    return (
      <ActionBar
        notice={
          <>
            {error}
            <output className="action-bar__notice">
              {missing === null ? (
                <Trans>You don't have enough credits to generate the video.</Trans>
              ) : (
                <span className="action-bar__shortfall">
                  <Trans>{missing} credits missing</Trans>
                </span>
              )}
            </output>
          </>
        }
      >
        <Link to="/purchase" className="btn btn--primary action-bar__primary">
          {t`Add credits`}
        </Link>
      </ActionBar>
    )
  }
  return (
    <ActionBar notice={error}>
      <button type={type} className="btn btn--primary action-bar__primary" onClick={onStart} disabled={waiting}>
        {startLabel}
      </button>
    </ActionBar>
  )
}
