import { Trans, useLingui } from '@lingui/react/macro'
import { type ComponentType, useId, useState } from 'react'
import type { SpeechLanguage } from '@contract/constants'
import type { VoiceJob } from '@contract/voice'
import { FileCard } from '@/ui/file-card'
import { LinkIcon, MicrophoneIcon, MusicIcon, ScriptIcon, UploadIcon } from '@/ui/icons'
import { UploadProgressView } from '../upload-progress'
import { VoiceOffer } from '../voice/voice-offer'
import { audioOfVoice, voiceName } from '../voice/voice-audio'
import { useVoiceJob } from '../voice/use-voice-job'
import { VoiceSource } from '../voice/voice-source'
import { AudioFileCard } from './audio-file-card'
import { AudioUploadInput } from './audio-upload-input'
import { AudioUrlForm } from './audio-url-form'
import { useLipSyncMessages } from './lip-sync-messages'
import { AUDIO_FORMAT_NAMES, AUDIO_URL_FORMAT_NAMES } from './media-checks'
import type { LipSyncAudioState } from './use-lip-sync-audio'
import { VoiceRecorder } from './voice-recorder'

/** spec §4 "Audio source mode: upload, record or url", and beyond the spec a typed script made a voice (docs/decisions/0232). */
export type AudioSourceMode = 'upload' | 'record' | 'url' | 'script'
const MODES: readonly AudioSourceMode[] = ['upload', 'record', 'url', 'script']
const MODE_ICONS: Record<AudioSourceMode, ComponentType<{ size?: number }>> = {
  upload: UploadIcon,
  record: MicrophoneIcon,
  url: LinkIcon,
  script: ScriptIcon,
}

interface AudioSourceProps {
  source: LipSyncAudioState
  /** While lip sync runs its audio stays put. */
  locked: boolean
}

/**
 * spec §2: the lip-sync input modes as a row of tiles (a fourth source fits the
 * same row), the chosen mode's input, then the file card of the chosen audio.
 */
export function AudioSource({ source, locked }: AudioSourceProps) {
  const { t, i18n } = useLingui()
  const { audioRefusals } = useLipSyncMessages()
  const id = useId()
  const [mode, setMode] = useState<AudioSourceMode>('upload')
  const labels: Record<AudioSourceMode, string> = { upload: t`Upload file`, record: t`Record audio`, url: t`Audio URL`, script: t`Type a script` }
  const takeVoice = (job: VoiceJob) => {
    const name = voiceName(job.voice)
    const voiceAudio = audioOfVoice(job, t`Voice: ${name}`)
    if (voiceAudio === null) return
    setMode('script')
    source.adopt(voiceAudio)
  }
  // The voice is a job: it goes on while another source is shown, and its result becomes the audio like an upload.
  const voiceJob = useVoiceJob((job) => {
    // A voice that ends after the user chose other audio does not replace it.
    if (source.audio === null || mode === 'script') takeVoice(job)
  })
  const appLanguage: SpeechLanguage = i18n.locale === 'de' ? 'de' : 'en'
  // A voice still being made when the page opened (a reload) shows its progress where it was asked for, once.
  const [showedMaking, setShowedMaking] = useState(false)
  if (!showedMaking && voiceJob.state.phase === 'making' && source.audio === null) {
    setShowedMaking(true)
    setMode('script')
  }
  const { audio, busy, upload, refusal } = source
  const errorId = refusal !== null ? `${id}-error` : undefined
  const disabled = busy || locked
  // spec §8 says the formats are "listed below" the message: they are, under it, in the same alert.
  const formats = refusal === 'invalid_type' ? AUDIO_FORMAT_NAMES.join(', ') : refusal === 'unsupported_url' ? AUDIO_URL_FORMAT_NAMES.join(', ') : null

  return (
    <div className="composer-field">
      <fieldset className="audio-modes">
        <legend className="composer-field__label">
          <Trans>Audio</Trans>
        </legend>
        <div className="audio-modes__tiles">
          {MODES.map((item) => {
            const Icon = MODE_ICONS[item]
            return (
              <label key={item} className="audio-modes__tile">
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
                <Icon size={20} />
                <span>{labels[item]}</span>
              </label>
            )
          })}
        </div>
      </fieldset>
      {audio === null && voiceJob.offered !== null && !locked && (
        <VoiceOffer job={voiceJob.offered} onTake={() => voiceJob.offered !== null && voiceJob.take(voiceJob.offered)} onDismiss={voiceJob.dismissOffer} />
      )}
      {audio !== null ? (
        <AudioFileCard audio={audio} onRemove={source.remove} locked={locked} />
      ) : busy && upload !== null ? (
        <FileCard thumb={<MusicIcon size={22} />} name={source.busyName}>
          <UploadProgressView label={t`Uploading the audio…`} state={upload} onCancel={source.cancelUpload} />
        </FileCard>
      ) : (
        <>
          {mode === 'upload' && <AudioUploadInput onFile={(file) => void source.chooseFile(file)} disabled={disabled} errorId={errorId} />}
          {mode === 'record' && <VoiceRecorder onRecording={(file) => void source.takeRecording(file)} disabled={disabled} />}
          {mode === 'script' && <VoiceSource voiceJob={voiceJob} appLanguage={appLanguage} locked={locked} />}
          {mode === 'url' && (
            <AudioUrlForm onLoad={(url) => void source.loadUrl(url)} disabled={disabled} errorId={errorId} showFormats={refusal !== 'unsupported_url'} />
          )}
          {busy && (
            <output className="hint lip-sync__status">
              <span className="spinner" aria-hidden="true" /> <Trans>Loading the audio…</Trans>
            </output>
          )}
        </>
      )}
      {refusal !== null && (
        <div id={errorId} className="field-error lip-sync__refusal" role="alert">
          <p>{audioRefusals[refusal]}</p>
          {formats !== null && <p>{refusal === 'unsupported_url' ? <Trans>Supported formats: {formats}</Trans> : formats}</p>}
        </div>
      )}
    </div>
  )
}
