import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import { useApiErrorText } from '@/api/api-error-text'
import { VOICE_COST, VOICE_SCRIPT_MAX_CHARACTERS, type SpeechLanguage } from '@contract/constants'
import { defaultVoiceOf, type VoiceId } from '@contract/voice'
import { useCreditsText } from '../credits-text'
import { voiceCatalogQuery } from './api/get-voice-catalog'
import { ScriptField } from './script-field'
import type { VoiceJobControl } from './use-voice-job'
import { VoicePicker } from './voice-picker'
import './voice.css'

interface VoiceSourceProps {
  /** The voice job, kept by the audio source so it goes on while another source is shown. */
  voiceJob: VoiceJobControl
  /** The app's language: the script's language until the user picks another. */
  appLanguage: SpeechLanguage
  /** While lip sync runs, or before sign-in. */
  locked: boolean
}

/**
 * "Type a script" (docs/decisions/0232): the words, the language and voice (each
 * with its sample), the price, and Create voice. The finished voice becomes the
 * audio card (the audio source takes it from the job).
 */
export function VoiceSource({ voiceJob, appLanguage, locked }: VoiceSourceProps) {
  const { t } = useLingui()
  const apiErrors = useApiErrorText()
  const creditsText = useCreditsText()
  const catalog = useQuery(voiceCatalogQuery())
  const [text, setText] = useState('')
  const [language, setLanguage] = useState<SpeechLanguage>(appLanguage)
  const [voice, setVoice] = useState<VoiceId>(defaultVoiceOf(appLanguage))
  const [fieldError, setFieldError] = useState<string | null>(null)
  const { state } = voiceJob
  const making = state.phase === 'starting' || state.phase === 'making'
  const samples = Object.fromEntries((catalog.data?.voices ?? []).map((item) => [item.id, item.previewUrl]))
  const price = creditsText(catalog.data?.cost ?? VOICE_COST)

  const create = () => {
    if (text.trim() === '') {
      setFieldError(t`Please type what the voice should say.`)
      return
    }
    setFieldError(null)
    void voiceJob.create({ text, language, voice })
  }

  return (
    <div className="voice-source">
      <ScriptField
        value={text}
        onChange={(next) => {
          setText(next)
          if (next.trim() !== '') setFieldError(null)
        }}
        language={language}
        error={fieldError}
        disabled={locked || making}
      />
      <VoicePicker
        language={language}
        onLanguageChange={(next) => {
          setLanguage(next)
          setVoice(defaultVoiceOf(next))
        }}
        voice={voice}
        onVoiceChange={setVoice}
        samples={samples}
        disabled={locked || making}
      />
      {catalog.data?.maker === 'local' && (
        <p className="voice-source__local">
          <Trans>Local preview voice – not AI</Trans>
        </p>
      )}
      {state.phase === 'making' ? (
        <output className="hint voice-source__status">
          <span className="spinner" aria-hidden="true" /> <VoiceProgress percent={state.percent} />
        </output>
      ) : (
        <button type="button" className="btn voice-source__create" onClick={create} disabled={locked || making || text.length > VOICE_SCRIPT_MAX_CHARACTERS}>
          {state.phase === 'starting' ? <Trans>Starting…</Trans> : <Trans>Create voice · {price} credits</Trans>}
        </button>
      )}
      {state.phase === 'refused' && (
        <div className="field-error voice-source__error" role="alert">
          <p>{state.code === null ? t`Actorly could not be reached. Please check your connection and try again.` : apiErrors[state.code]}</p>
          {state.code === 'insufficient_credits' && (
            <Link to="/purchase" className="btn btn--primary voice-source__credits">
              {t`Add credits`}
            </Link>
          )}
        </div>
      )}
      {state.phase === 'failed' && (
        <p className="field-error voice-source__error" role="alert">
          <Trans>The voice could not be made. Your credits were given back; please try again.</Trans>
        </p>
      )}
    </div>
  )
}

function VoiceProgress({ percent }: { percent: number | null }) {
  return percent === null ? <Trans>Making the voice…</Trans> : <Trans>Making the voice… {percent} %</Trans>
}
