import { useLingui } from '@lingui/react/macro'

/** The fake progress as a bar with its percent written out (spec §4: percent and progress bar). */
export function ProgressMeter({ percent, label }: { percent: number; label: string }) {
  const { t } = useLingui()
  return (
    <div className="demo-progress">
      {/* A native progressbar: its value is the accessible aria-valuenow. */}
      <progress className="demo-progress__bar" aria-label={label} max={100} value={percent} />
      <span className="demo-progress__percent" aria-hidden="true">
        {t`${percent}%`}
      </span>
    </div>
  )
}
