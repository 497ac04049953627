import { Trans, useLingui } from '@lingui/react/macro'
import type { JobView } from '@/jobs/types'

interface GenerateButtonProps {
  view: JobView
  /** spec §9: what this generation costs, shown before starting. */
  cost: number
  /** Something the start needs is still on its way (e.g. an image upload). */
  waiting?: boolean
}

/** Credits to two decimals (spec §9: "Credits shown to 2 decimals"). */
export function useCreditsText(): (credits: number) => string {
  const { i18n } = useLingui()
  return (credits) => i18n.number(credits, { minimumFractionDigits: 2, maximumFractionDigits: 2 })
}

/**
 * The form's submit button with its cost and, while a job runs, the spinner,
 * percent, progress bar and 'hang tight' text (spec §4 Generation).
 */
export function GenerateButton({ view, cost, waiting = false }: GenerateButtonProps) {
  const { t } = useLingui()
  const creditsText = useCreditsText()
  const busy = view.phase === 'starting' || view.phase === 'generating'
  const price = creditsText(cost)
  return (
    <div className="generate">
      <p className="generate__cost">
        <Trans>Cost: {price} credits</Trans>
      </p>
      <button type="submit" className="btn btn--primary generate__button" disabled={busy || waiting}>
        {busy ? (
          <>
            <span className="spinner" aria-hidden="true" />
            <Trans>Generating…</Trans>
          </>
        ) : (
          <Trans>Generate</Trans>
        )}
      </button>
      {view.phase === 'generating' && (
        <div className="generate__progress">
          <div className="generate__meter">
            {/* A native progressbar: its value is the accessible aria-valuenow. */}
            <progress className="generate__bar" aria-label={t`Video generation progress`} max={100} value={view.percent} />
            <span className="generate__percent" aria-hidden="true">
              {t`${view.percent}%`}
            </span>
          </div>
          {view.hangTight && (
            <p className="hint generate__hang-tight">
              <Trans>Hang tight! Your video is in the queue and will start rendering shortly.</Trans>
            </p>
          )}
        </div>
      )}
    </div>
  )
}
