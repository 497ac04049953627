import { Trans, useLingui } from '@lingui/react/macro'
import { useId } from 'react'
import { useApiErrorText } from '@/api/api-error-text'
import { Toggle } from '@/ui/toggle'
import { CAPTION_STYLES, type CaptionStyle } from '@contract/captions'
import { CAPTION_TEXT_MAX_CHARACTERS } from '@contract/constants'
import { CaptionCueList } from './caption-cue-list'
import { CaptionPreview } from './caption-preview'
import type { CaptionsControl } from './use-captions'
import './captions.css'

interface CaptionsSettingsProps {
  captions: CaptionsControl
  /** The input video: the preview's still comes from it. */
  videoUrl: string | null
  disabled: boolean
  /** Set when a start was refused because the captions are not ready. */
  blocked: boolean
}

/** The style's name, as the choice says it. */
export function useCaptionStyleNames(): Record<CaptionStyle, string> {
  const { t } = useLingui()
  return { clean: t`Clean`, bold: t`Bold`, boxed: t`Boxed` }
}

/**
 * Lip sync's Captions option (docs/decisions/0234), in its Settings: off by
 * default; on, the style, a still of the video with them, the note when the
 * timing is a guess, "What is said" when the words cannot be heard here, and
 * each caption's text to correct.
 */
export function CaptionsSettings({ captions, videoUrl, disabled, blocked }: CaptionsSettingsProps) {
  const { t } = useLingui()
  const id = useId()
  const names = useCaptionStyleNames()
  const apiErrors = useApiErrorText()
  const hints: Record<CaptionStyle, string> = {
    clean: t`White with a thin outline`,
    bold: t`Large, the spoken word highlighted`,
    boxed: t`White on a dark box`,
  }
  const { phase } = captions
  return (
    <div className="captions-settings">
      <Toggle
        label={<Trans>Captions</Trans>}
        checked={captions.on}
        onCheckedChange={captions.setOn}
        disabled={disabled}
        hint={<Trans>Burnt into the video, with .vtt and .srt files. Captions are included in the price.</Trans>}
      />
      {captions.on && (
        <>
          <fieldset className="captions-settings__styles">
            <legend>
              <Trans>Caption style</Trans>
            </legend>
            {CAPTION_STYLES.map((style) => (
              <label key={style} className="captions-settings__style" data-style={style}>
                <input
                  type="radio"
                  name={`${id}-style`}
                  value={style}
                  checked={captions.style === style}
                  disabled={disabled}
                  onChange={() => captions.setStyle(style)}
                />
                <span className="captions-settings__sample" aria-hidden="true">
                  Aa
                </span>
                <span className="captions-settings__name">{names[style]}</span>
                <span className="captions-settings__hint">{hints[style]}</span>
              </label>
            ))}
          </fieldset>
          {phase.kind === 'no-audio' && (
            <p className="hint captions-settings__note">
              <Trans>Choose the audio first: its words become the captions.</Trans>
            </p>
          )}
          {phase.kind === 'loading' && (
            <output className="hint captions-settings__note">
              <span className="spinner" aria-hidden="true" /> <Trans>Timing the captions…</Trans>
            </output>
          )}
          {phase.kind === 'failed' && (
            <p className="field-error captions-settings__note" role="alert">
              {phase.failure.kind === 'refused' && phase.failure.code !== null
                ? apiErrors[phase.failure.code]
                : t`Actorly could not be reached. Please check your connection and try again.`}{' '}
              <button type="button" className="btn btn--small" onClick={captions.retry}>
                <Trans>Try again</Trans>
              </button>
            </p>
          )}
          {phase.kind === 'needs-script' && (
            <div className="field captions-settings__script">
              <label htmlFor={`${id}-script`}>
                <Trans>What is said</Trans>
              </label>
              <textarea
                id={`${id}-script`}
                rows={3}
                value={captions.script}
                maxLength={CAPTION_TEXT_MAX_CHARACTERS}
                disabled={disabled}
                aria-describedby={`${id}-script-hint`}
                onChange={(event) => captions.setScript(event.target.value)}
              />
              <p id={`${id}-script-hint`} className="hint">
                <Trans>The words cannot be heard here: type what is said in the audio, and the captions follow it.</Trans>
              </p>
              <button type="button" className="btn" onClick={captions.retry} disabled={disabled || captions.script.trim() === ''}>
                <Trans>Make captions</Trans>
              </button>
            </div>
          )}
          {phase.kind === 'ready' && (
            <>
              {phase.approximate && (
                <p className="hint captions-settings__note">
                  <Trans>Timing is approximate: it comes from the words you typed, spread over the speech.</Trans>
                </p>
              )}
              <div className="captions-settings__look">
                {videoUrl !== null ? (
                  <CaptionPreview videoUrl={videoUrl} style={captions.style} cues={captions.cues} />
                ) : (
                  <p className="hint captions-settings__note">
                    <Trans>Choose the video to see the captions on it.</Trans>
                  </p>
                )}
                <CaptionCueList cues={captions.cues} onEdit={captions.editCue} disabled={disabled} />
              </div>
            </>
          )}
          {blocked && captions.option === undefined && (
            <p className="field-error captions-settings__note" role="alert">
              <Trans>The captions are not ready yet. Wait for them, or turn Captions off.</Trans>
            </p>
          )}
        </>
      )}
    </div>
  )
}
