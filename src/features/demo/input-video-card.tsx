import { Trans, useLingui } from '@lingui/react/macro'
import { DEMO_MEDIA, DOWNLOAD_FILE_NAME } from './demo-media'

interface InputVideoCardProps {
  present: boolean
  /** While lip sync runs its input stays put. */
  busy: boolean
  onRemove: () => void
  onRestore: () => void
}

/** The lip-sync input video: the demo's sample clip, removable and restorable (spec §2 Demo). */
export function InputVideoCard({ present, busy, onRemove, onRestore }: InputVideoCardProps) {
  const { t } = useLingui()
  if (!present) {
    return (
      <div className="demo-file demo-file--empty">
        <p>
          <Trans>The demo needs its sample video to lip sync. Put it back to continue.</Trans>
        </p>
        <button type="button" className="btn btn--small" onClick={onRestore}>
          <Trans>Use sample video</Trans>
        </button>
      </div>
    )
  }
  return (
    <div className="demo-file">
      <img className="demo-file__thumb" src={DEMO_MEDIA.generatedPoster} alt={t`Input video: the generated sample`} />
      <div className="demo-file__meta">
        <span className="demo-file__name">
          <Trans>Sample video</Trans>
        </span>
        <span className="hint">{DOWNLOAD_FILE_NAME}</span>
      </div>
      <button type="button" className="btn btn--small btn--ghost" onClick={onRemove} disabled={busy}>
        <Trans>Remove</Trans>
      </button>
    </div>
  )
}
