import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useState } from 'react'
import { takeToWav } from './take-to-wav'
import { useAudioRecorder } from './use-audio-recorder'

interface VoiceRecorderProps {
  /** The finished take, as recording.wav (or the original take if it could not be converted). */
  onRecording: (file: File) => void
  disabled: boolean
}

function useElapsedSeconds(startedAt: number | null): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    if (startedAt === null) return
    const timer = window.setInterval(() => setNow(Date.now()), 1000)
    return () => window.clearInterval(timer)
  }, [startedAt])
  return startedAt === null ? 0 : Math.max(0, Math.floor((now - startedAt) / 1000))
}

/** spec §4 audio source "record": Start and Stop on the user's press, then WAV and upload. */
export function VoiceRecorder({ onRecording, disabled }: VoiceRecorderProps) {
  const { t } = useLingui()
  const recorder = useAudioRecorder()
  const [converting, setConverting] = useState(false)
  const { state } = recorder
  const recording = state.status === 'recording'
  const elapsed = useElapsedSeconds(recording ? state.startedAt : null)
  const clock = `${Math.floor(elapsed / 60)}:${String(elapsed % 60).padStart(2, '0')}`

  const stop = async () => {
    const take = await recorder.stop()
    if (take === null) return
    setConverting(true)
    const file = await takeToWav(take)
    setConverting(false)
    onRecording(file)
  }

  return (
    <div className="lip-sync__recorder">
      {recording ? (
        <button type="button" className="btn lip-sync__record-button" data-recording="true" onClick={() => void stop()}>
          <span className="lip-sync__record-dot" aria-hidden="true" />
          <Trans>Stop recording</Trans>
        </button>
      ) : (
        <button
          type="button"
          className="btn lip-sync__record-button"
          disabled={disabled || converting || state.status === 'starting'}
          onClick={() => void recorder.start()}
        >
          <span className="lip-sync__record-dot" aria-hidden="true" />
          <Trans>Start recording</Trans>
        </button>
      )}
      <output className="hint lip-sync__status">
        {recording && t`Recording… ${clock}`}
        {converting && t`Preparing your recording…`}
      </output>
      {state.status === 'denied' && (
        <p className="field-error" role="alert">
          <Trans>
            Microphone access is blocked. To record, allow the microphone for this site in your browser's site settings (the icon next to the address bar), then
            press Start recording again.
          </Trans>
        </p>
      )}
      {state.status === 'unavailable' && (
        <p className="field-error" role="alert">
          <Trans>No microphone could be started on this device. You can upload an audio file or load an audio URL instead.</Trans>
        </p>
      )}
    </div>
  )
}
