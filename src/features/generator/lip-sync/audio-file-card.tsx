import { Trans, useLingui } from '@lingui/react/macro'
import { sizeInMegabytes } from './media-checks'
import type { LipSyncAudio } from './use-lip-sync-audio'

interface AudioFileCardProps {
  audio: LipSyncAudio
  onRemove: () => void
  locked: boolean
}

/** spec §2: "After upload or URL load, a file card shows player, name, size in MB and a Remove button." */
export function AudioFileCard({ audio, onRemove, locked }: AudioFileCardProps) {
  const { t, i18n } = useLingui()
  const size = i18n.number(sizeInMegabytes(audio.sizeBytes), { minimumFractionDigits: 2, maximumFractionDigits: 2 })
  return (
    <div className="lip-sync__file-card">
      <div className="lip-sync__file-meta">
        <span className="lip-sync__file-name">{audio.name}</span>
        <span className="hint">
          <Trans>{size} MB</Trans>
        </span>
        <button type="button" className="btn btn--small btn--ghost" onClick={onRemove} disabled={locked}>
          <Trans>
            Remove <span className="visually-hidden">audio</span>
          </Trans>
        </button>
      </div>
      {/* The user's own voice: we have no transcript to caption it with. */}
      {/* oxlint-disable-next-line jsx-a11y/media-has-caption */}
      <audio className="lip-sync__audio" src={audio.url} controls preload="metadata" aria-label={t`Audio: ${audio.name}`} />
    </div>
  )
}
