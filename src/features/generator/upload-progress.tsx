import { Trans, useLingui } from '@lingui/react/macro'
import { ProgressBar } from '@/ui/progress-bar'
import type { UploadState } from './use-upload'

const MEGABYTE = 1024 * 1024

interface UploadProgressProps {
  /** What is uploading, e.g. "Uploading the video…": also the progress bar's name. */
  label: string
  state: UploadState
  onCancel: () => void
}

/**
 * An upload on its way (docs/decisions/0252): percent and megabytes sent, a
 * note when the connection dropped and it started over, and Cancel.
 */
export function UploadProgressView({ label, state, onCancel }: UploadProgressProps) {
  const { t, i18n } = useLingui()
  const { progress, retrying } = state
  const percent = progress === null || progress.totalBytes === 0 ? 0 : Math.floor((progress.sentBytes / progress.totalBytes) * 100)
  const mb = (bytes: number) => i18n.number(bytes / MEGABYTE, { minimumFractionDigits: 1, maximumFractionDigits: 1 })
  const sent = mb(progress?.sentBytes ?? 0)
  const total = progress === null ? null : mb(progress.totalBytes)
  return (
    <div className="upload-progress">
      <p className="hint upload-progress__status">
        <span className="spinner" aria-hidden="true" /> {retrying ? t`The connection dropped. Trying once more…` : label}
      </p>
      <div className="upload-progress__meter">
        <ProgressBar value={percent} label={label} />
        <span className="upload-progress__percent" aria-hidden="true">
          {t`${percent}%`}
        </span>
      </div>
      <div className="upload-progress__footer">
        <span className="hint">
          {total === null ? (
            t`Starting…`
          ) : (
            <Trans>
              {sent} of {total} MB sent
            </Trans>
          )}
        </span>
        <button type="button" className="btn btn--ghost" onClick={onCancel}>
          <Trans>Cancel upload</Trans>
        </button>
      </div>
    </div>
  )
}
