import { Trans, useLingui } from '@lingui/react/macro'
import { useId } from 'react'
import { VIDEO_UPLOAD_TYPES } from '@contract/constants'
import { UploadProgressView } from '../upload-progress'
import { useLipSyncMessages } from './lip-sync-messages'
import type { InputVideoState } from './use-input-video'

interface InputVideoFieldProps {
  input: InputVideoState
  /** While lip sync runs its input stays put. */
  locked: boolean
}

/** spec §2 Step 2: the input video (generated, preloaded or uploaded), removable. */
export function InputVideoField({ input, locked }: InputVideoFieldProps) {
  const { t } = useLingui()
  const { videoRefusals } = useLipSyncMessages()
  const id = useId()
  const { video, uploading, upload, refusal } = input
  return (
    <div className="lip-sync__group">
      <h3 className="lip-sync__label" id={`${id}-heading`}>
        <Trans>Input video</Trans>
      </h3>
      {video !== null ? (
        <div className="lip-sync__video-card">
          {/* The actor's own video: there is no speech of ours to caption. */}
          {/* oxlint-disable-next-line jsx-a11y/media-has-caption */}
          <video className="lip-sync__video" src={video.url} aria-label={t`Input video`} controls playsInline preload="metadata" onError={input.failedToLoad} />
          <div className="lip-sync__file-meta">
            <span className="lip-sync__file-name">{video.name ?? t`Generated video`}</span>
            <button type="button" className="btn btn--small btn--ghost" onClick={input.remove} disabled={locked}>
              <Trans>
                Remove <span className="visually-hidden">input video</span>
              </Trans>
            </button>
          </div>
        </div>
      ) : (
        <div className="field">
          <label htmlFor={`${id}-file`}>
            <Trans>Upload a video</Trans>
          </label>
          <input
            id={`${id}-file`}
            type="file"
            accept={[...VIDEO_UPLOAD_TYPES, '.mp4', '.mov', '.webm', '.m4v'].join(',')}
            disabled={uploading || locked}
            aria-describedby={`${id}-hint${refusal !== null ? ` ${id}-error` : ''}`}
            onChange={(event) => {
              const file = event.target.files?.[0]
              event.target.value = ''
              if (file !== undefined) void input.chooseFile(file)
            }}
          />
          <p id={`${id}-hint`} className="hint">
            <Trans>mp4, mov, webm or m4v</Trans>
          </p>
          {uploading && upload !== null && <UploadProgressView label={t`Uploading the video…`} state={upload} onCancel={input.cancelUpload} />}
        </div>
      )}
      {refusal !== null && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {videoRefusals[refusal]}
        </p>
      )}
    </div>
  )
}
