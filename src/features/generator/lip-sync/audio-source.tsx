import { Trans, useLingui } from '@lingui/react/macro'
import { useId, useState } from 'react'
import { UploadProgressView } from '../upload-progress'
import { AudioFileCard } from './audio-file-card'
import { AudioUploadInput } from './audio-upload-input'
import { AudioUrlForm } from './audio-url-form'
import { useLipSyncMessages } from './lip-sync-messages'
import { AUDIO_FORMAT_NAMES } from './media-checks'
import type { LipSyncAudioState } from './use-lip-sync-audio'
import { VoiceRecorder } from './voice-recorder'

/** spec §4 "Audio source mode: upload, record or url." */
export type AudioSourceMode = 'upload' | 'record' | 'url'
const MODES: readonly AudioSourceMode[] = ['upload', 'record', 'url']

interface AudioSourceProps {
  source: LipSyncAudioState
  /** While lip sync runs its audio stays put. */
  locked: boolean
}

/** spec §2: the lip-sync input modes, then the file card of the chosen audio. */
export function AudioSource({ source, locked }: AudioSourceProps) {
  const { t } = useLingui()
  const { audioRefusals } = useLipSyncMessages()
  const id = useId()
  const [mode, setMode] = useState<AudioSourceMode>('upload')
  const labels: Record<AudioSourceMode, string> = { upload: t`Upload file`, record: t`Record audio`, url: t`Audio URL` }
  const { audio, busy, upload, refusal } = source
  const errorId = refusal !== null ? `${id}-error` : undefined
  const disabled = busy || locked

  return (
    <div className="lip-sync__group">
      <fieldset className="lip-sync__modes">
        <legend className="lip-sync__label">
          <Trans>Audio</Trans>
        </legend>
        {MODES.map((item) => (
          <label key={item} className="lip-sync__mode">
            <input
              type="radio"
              name={`${id}-mode`}
              value={item}
              checked={mode === item}
              disabled={locked}
              onChange={() => {
                setMode(item)
                source.clearRefusal()
              }}
            />
            {labels[item]}
          </label>
        ))}
      </fieldset>
      {audio !== null ? (
        <AudioFileCard audio={audio} onRemove={source.remove} locked={locked} />
      ) : (
        <>
          {mode === 'upload' && <AudioUploadInput onFile={(file) => void source.chooseFile(file)} disabled={disabled} errorId={errorId} />}
          {mode === 'record' && <VoiceRecorder onRecording={(file) => void source.takeRecording(file)} disabled={disabled} />}
          {mode === 'url' && <AudioUrlForm onLoad={(url) => void source.loadUrl(url)} disabled={disabled} errorId={errorId} />}
          {busy && upload !== null && <UploadProgressView label={t`Uploading the audio…`} state={upload} onCancel={source.cancelUpload} />}
          {busy && upload === null && (
            <output className="hint lip-sync__status">
              <span className="spinner" aria-hidden="true" /> <Trans>Loading the audio…</Trans>
            </output>
          )}
        </>
      )}
      {refusal !== null && (
        <div id={errorId} className="field-error" role="alert">
          <p>{audioRefusals[refusal]}</p>
          {refusal === 'invalid_type' && <p>{AUDIO_FORMAT_NAMES.join(', ')}</p>}
        </div>
      )}
    </div>
  )
}
