import { Trans, useLingui } from '@lingui/react/macro'
import { FileCard } from '@/ui/file-card'
import { RemoveButton } from '@/ui/remove-button'
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
      <div className="demo-file--empty">
        <p>
          <Trans>The demo needs its sample video to lip sync. Put it back to continue.</Trans>
        </p>
        <button type="button" className="btn" onClick={onRestore}>
          <Trans>Use sample video</Trans>
        </button>
      </div>
    )
  }
  return (
    <FileCard
      thumbShape="portrait"
      thumb={<img src={DEMO_MEDIA.generatedPoster} alt={t`Input video: the generated sample`} />}
      name={<Trans>Sample video</Trans>}
      meta={DOWNLOAD_FILE_NAME}
      action={<RemoveButton label={t`Remove the input video`} onClick={onRemove} disabled={busy} />}
    />
  )
}
