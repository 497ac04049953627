import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { LIPSYNC_RATE_PER_MINUTE, type LipSyncModel, lipSyncCost } from '@contract/constants'

interface LipSyncCostProps {
  model: LipSyncModel
  /** The chosen audio's length; undefined before there is one. */
  audioSeconds: number | undefined
}

/** spec §9: "audio minutes rounded up × 2.35 (lipsync-1.8.0) or × 3.00 (enhanced lipsync-1.9.0-beta)", shown before starting. */
export function LipSyncCost({ model, audioSeconds }: LipSyncCostProps) {
  const { i18n } = useLingui()
  const credits = (value: number) => i18n.number(value, { minimumFractionDigits: 2, maximumFractionDigits: 2 })
  const rate = credits(LIPSYNC_RATE_PER_MINUTE[model])
  if (audioSeconds === undefined || audioSeconds <= 0) {
    return (
      <p className="hint lip-sync__cost">
        <Trans>Costs {rate} credits per started minute of audio.</Trans>
      </p>
    )
  }
  const cost = credits(lipSyncCost(audioSeconds, model))
  const minutes = Math.max(1, Math.ceil(audioSeconds / 60))
  return (
    <p className="lip-sync__cost" aria-live="polite">
      <Trans>
        Cost: <strong>{cost} credits</strong> (
        <Plural value={minutes} one="# started minute" other="# started minutes" /> × {rate})
      </Trans>
    </p>
  )
}
