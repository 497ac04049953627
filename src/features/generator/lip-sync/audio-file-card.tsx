import { Trans, useLingui } from '@lingui/react/macro'
import { AudioPlayButton } from '@/ui/audio-play-button'
import { FileCard } from '@/ui/file-card'
import { RemoveButton } from '@/ui/remove-button'
import { useFileMeta } from '../file-meta'
import type { LipSyncAudio } from './use-lip-sync-audio'

interface AudioFileCardProps {
  audio: LipSyncAudio
  onRemove: () => void
  locked: boolean
}

/** spec §2: "After upload or URL load, a file card shows player, name, size in MB and a Remove button" (and its length). */
export function AudioFileCard({ audio, onRemove, locked }: AudioFileCardProps) {
  const { t } = useLingui()
  const meta = useFileMeta()
  const name = audio.name
  return (
    <FileCard
      thumb={<AudioPlayButton src={audio.url} label={t`Audio: ${name}`} playLabel={t`Play the audio`} pauseLabel={t`Pause the audio`} />}
      name={name}
      meta={meta({ seconds: audio.durationSeconds, bytes: audio.sizeBytes })}
      action={<RemoveButton label={t`Remove audio`} onClick={onRemove} disabled={locked} />}
    >
      {/* A voice of the embedded synthesizer says it is no AI voice, as its videos do (docs/decisions/0232). */}
      {audio.voice?.maker === 'local' && (
        <span className="voice-source__local">
          <Trans>Local preview voice – not AI</Trans>
        </span>
      )}
    </FileCard>
  )
}
