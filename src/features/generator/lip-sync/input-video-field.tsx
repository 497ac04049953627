import { Trans, useLingui } from '@lingui/react/macro'
import { useId, useRef, useState } from 'react'
import { MAX_VIDEO_UPLOAD_BYTES, VIDEO_UPLOAD_TYPES } from '@contract/constants'
import { FileCard } from '@/ui/file-card'
import { FileDrop } from '@/ui/file-drop'
import { showFirstFrame } from '@/ui/first-frame'
import { FilmIcon, PauseIcon, PlayIcon } from '@/ui/icons'
import { RemoveButton } from '@/ui/remove-button'
import { useFileMeta } from '../file-meta'
import { UploadProgressView } from '../upload-progress'
import { useLipSyncMessages } from './lip-sync-messages'
import type { InputVideo, InputVideoState } from './use-input-video'

interface InputVideoFieldProps {
  input: InputVideoState
  /** While lip sync runs its input stays put. */
  locked: boolean
}

/** spec §2 Step 2: the input video (generated, preloaded or uploaded) as a card with its first frame, removable; else a drop zone. */
export function InputVideoField({ input, locked }: InputVideoFieldProps) {
  const { t } = useLingui()
  const { videoRefusals } = useLipSyncMessages()
  const id = useId()
  const { video, uploading, upload, refusal } = input
  const limitMb = MAX_VIDEO_UPLOAD_BYTES / (1024 * 1024)
  return (
    <div className="composer-field">
      <h3 className="composer-field__label">
        <Trans>Input video</Trans>
      </h3>
      {video !== null ? (
        <InputVideoCard video={video} onRemove={input.remove} onError={input.failedToLoad} locked={locked} />
      ) : uploading && upload !== null ? (
        <FileCard thumb={<FilmIcon size={22} />} name={input.uploadingName}>
          <UploadProgressView label={t`Uploading the video…`} state={upload} onCancel={input.cancelUpload} />
        </FileCard>
      ) : (
        <FileDrop
          label={<Trans>Upload a video</Trans>}
          hint={<Trans>mp4, mov, webm or m4v, up to {limitMb} MB</Trans>}
          prompt={<Trans>Tap to choose a video, or drop it here</Trans>}
          accept={[...VIDEO_UPLOAD_TYPES, '.mp4', '.mov', '.webm', '.m4v'].join(',')}
          icon={<FilmIcon size={20} />}
          onFile={(file) => void input.chooseFile(file)}
          disabled={uploading || locked}
          invalid={refusal !== null}
          describedBy={refusal !== null ? `${id}-error` : undefined}
        />
      )}
      {refusal !== null && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {videoRefusals[refusal]}
        </p>
      )}
    </div>
  )
}

interface InputVideoCardProps {
  video: InputVideo
  onRemove: () => void
  onError: () => void
  locked: boolean
}

/** The chosen video: its first frame in a 9:16 thumbnail that plays on a tap, its name, length and size. */
function InputVideoCard({ video, onRemove, onError, locked }: InputVideoCardProps) {
  const { t } = useLingui()
  const meta = useFileMeta()
  const player = useRef<HTMLVideoElement>(null)
  const [seconds, setSeconds] = useState<number | undefined>(undefined)
  const [playing, setPlaying] = useState(false)
  const toggle = () => {
    const element = player.current
    if (element === null) return
    if (element.paused) void element.play()
    else element.pause()
  }
  return (
    <FileCard
      thumbShape="portrait"
      thumb={
        <>
          {/* The actor's own video: there is no speech of ours to caption. */}
          {/* oxlint-disable-next-line jsx-a11y/media-has-caption */}
          <video
            ref={player}
            src={video.url}
            aria-label={t`Input video`}
            playsInline
            preload="metadata"
            onError={onError}
            onLoadedMetadata={(event) => {
              setSeconds(event.currentTarget.duration)
              showFirstFrame(event)
            }}
            onPlay={() => setPlaying(true)}
            onPause={() => setPlaying(false)}
          />
          <button type="button" className="file-card__play" onClick={toggle}>
            {playing ? <PauseIcon size={16} /> : <PlayIcon size={16} />}
            {/* Its text, not a label: it must not answer to the video's own label. */}
            <span className="visually-hidden">{playing ? t`Pause the input video` : t`Play the input video`}</span>
          </button>
        </>
      }
      name={video.name ?? t`Generated video`}
      meta={meta({ seconds, bytes: video.sizeBytes })}
      action={<RemoveButton label={t`Remove input video`} onClick={onRemove} disabled={locked} />}
    />
  )
}
