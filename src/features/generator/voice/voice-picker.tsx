import { Trans, useLingui } from '@lingui/react/macro'
import { useId } from 'react'
import { LOCALE_NAMES } from '@/i18n/locale'
import { PauseIcon, PlayIcon } from '@/ui/icons'
import { SPEECH_LANGUAGES, type SpeechLanguage } from '@contract/constants'
import { type VoiceId, voicesOf } from '@contract/voice'
import { useVoiceSample } from './use-voice-sample'

interface VoicePickerProps {
  language: SpeechLanguage
  onLanguageChange: (language: SpeechLanguage) => void
  voice: VoiceId
  onVoiceChange: (voice: VoiceId) => void
  /** Each voice's sample (the catalogue's previewUrl); a voice without one has no play button yet. */
  samples: Partial<Record<VoiceId, string>>
  disabled: boolean
}

/**
 * The voice's language (English or Deutsch, named in themselves) and the voices
 * that speak it, each with a play button for its short sample.
 */
export function VoicePicker({ language, onLanguageChange, voice, onVoiceChange, samples, disabled }: VoicePickerProps) {
  const { t } = useLingui()
  const id = useId()
  const sample = useVoiceSample()
  return (
    <div className="voice-picker">
      <fieldset className="voice-picker__group">
        <legend className="voice-picker__legend">
          <Trans>Language</Trans>
        </legend>
        <div className="voice-picker__languages">
          {SPEECH_LANGUAGES.map((item) => (
            <label key={item} className="voice-picker__tile">
              <input
                type="radio"
                name={`${id}-language`}
                value={item}
                checked={language === item}
                disabled={disabled}
                onChange={() => onLanguageChange(item)}
              />
              <span lang={item}>{LOCALE_NAMES[item]}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset className="voice-picker__group">
        <legend className="voice-picker__legend">
          <Trans>Voice</Trans>
        </legend>
        <div className="voice-picker__voices">
          {voicesOf(language).map((item) => {
            const url = samples[item.id]
            const name = item.name
            const playing = sample.playing === item.id
            return (
              <div key={item.id} className="voice-picker__voice">
                <label className="voice-picker__tile voice-picker__tile--voice">
                  <input
                    type="radio"
                    name={`${id}-voice`}
                    value={item.id}
                    checked={voice === item.id}
                    disabled={disabled}
                    onChange={() => onVoiceChange(item.id)}
                  />
                  <span>{name}</span>
                </label>
                <button
                  type="button"
                  className="voice-picker__play"
                  data-playing={playing}
                  disabled={url === undefined}
                  onClick={() => url !== undefined && sample.toggle(item.id, url)}
                >
                  {playing ? <PauseIcon size={18} /> : <PlayIcon size={18} />}
                  <span className="visually-hidden">{playing ? t`Pause the sample of ${name}` : t`Play the sample of ${name}`}</span>
                </button>
              </div>
            )
          })}
        </div>
      </fieldset>
      {sample.failed !== null && (
        <p className="field-error voice-picker__error" role="alert">
          <Trans>This sample cannot be played right now. Please try again later.</Trans>
        </p>
      )}
    </div>
  )
}
