import { useEffect, useEffectEvent, useState } from 'react'
import type { SpeechLanguage } from '@contract/constants'
import type { CaptionCue, CaptionsOption, CaptionStyle, CaptionTiming } from '@contract/captions'
import type { CallFailure } from '../voice/api/call-outcome'
import type { LipSyncAudio } from '../lip-sync/use-lip-sync-audio'
import { getCaptionCues } from './api/get-caption-cues'

// The Captions option of lip sync (docs/decisions/0234): off by default. When
// on, the audio's captions are asked for (again whenever the audio changes);
// an audio whose words the server cannot know asks for "What is said". The
// user may correct each caption's text; the start sends style, cues and timing.

export type CaptionsPhase =
  | { kind: 'off' }
  /** On, but there is no audio to caption yet. */
  | { kind: 'no-audio' }
  | { kind: 'loading' }
  | { kind: 'ready'; timing: CaptionTiming; approximate: boolean }
  /** The words cannot be heard here: "What is said" is needed (400 captions_unavailable). */
  | { kind: 'needs-script' }
  | { kind: 'failed'; failure: CallFailure }

export interface CaptionsControl {
  phase: CaptionsPhase
  on: boolean
  setOn(on: boolean): void
  style: CaptionStyle
  setStyle(style: CaptionStyle): void
  /** The captions with the user's corrections; empty until they are here. */
  cues: readonly CaptionCue[]
  editCue(index: number, text: string): void
  /** "What is said", typed by the user (prefilled with a voice's script). */
  script: string
  setScript(script: string): void
  /** Asks again, with the words typed. */
  retry(): void
  /** What the lip-sync start sends: null when off; undefined while on and not ready. */
  option: CaptionsOption | null | undefined
}

/** An answer to the ask `key` (audio, language, attempt); `cues` carry the user's corrections. */
type Answer =
  | { key: string; kind: 'ready'; timing: CaptionTiming; approximate: boolean; cues: readonly CaptionCue[] }
  | { key: string; kind: 'needs-script' }
  | { key: string; kind: 'failed'; failure: CallFailure }

export function useCaptions(audio: LipSyncAudio | null, appLanguage: SpeechLanguage): CaptionsControl {
  const [on, setOn] = useState(false)
  const [style, setStyle] = useState<CaptionStyle>('clean')
  const [script, setScript] = useState('')
  const [answer, setAnswer] = useState<Answer | null>(null)
  /** Bumped by retry: asks again with the words typed. */
  const [attempt, setAttempt] = useState(0)
  const audioUrl = audio?.url ?? null
  const language = audio?.voice?.language ?? appLanguage
  const voiceText = audio?.voice?.text ?? null
  const key = `${audioUrl ?? ''}|${language}|${String(attempt)}`

  // A voice's card brings its script: "What is said" starts from it.
  const [scriptFor, setScriptFor] = useState<string | null>(null)
  if (audioUrl !== scriptFor) {
    setScriptFor(audioUrl)
    if (voiceText !== null) setScript(voiceText)
  }

  // The typed words are sent when asked (again), not on every key.
  const typedWords = useEffectEvent(() => (script.trim() === '' ? (voiceText ?? '') : script).trim())
  // Turned off and on again, the answer (and its corrections) stays: nothing is asked again.
  const answered = useEffectEvent((asked: string) => answer?.key === asked)
  useEffect(() => {
    if (!on || audioUrl === null || answered(key)) return
    let current = true
    const typed = typedWords()
    void getCaptionCues({ audio_url: audioUrl, language, ...(typed === '' ? {} : { script: typed }) }).then((outcome) => {
      if (!current) return
      if (outcome.kind === 'ok' && outcome.value.cues.length > 0) {
        const { timing, approximate, cues } = outcome.value
        setAnswer({ key, kind: 'ready', timing, approximate, cues })
      } else if (outcome.kind === 'ok' || (outcome.kind === 'refused' && outcome.code === 'captions_unavailable')) {
        setAnswer({ key, kind: 'needs-script' })
      } else {
        setAnswer({ key, kind: 'failed', failure: outcome })
      }
    })
    return () => {
      current = false
    }
  }, [on, audioUrl, language, key])

  const phase: CaptionsPhase = !on
    ? { kind: 'off' }
    : audioUrl === null
      ? { kind: 'no-audio' }
      : answer === null || answer.key !== key
        ? { kind: 'loading' }
        : answer.kind === 'ready'
          ? { kind: 'ready', timing: answer.timing, approximate: answer.approximate }
          : answer.kind === 'failed'
            ? { kind: 'failed', failure: answer.failure }
            : { kind: 'needs-script' }
  const cues = phase.kind === 'ready' && answer?.kind === 'ready' ? answer.cues : []
  const option: CaptionsOption | null | undefined = !on ? null : phase.kind === 'ready' ? { style, cues: [...cues], timing: phase.timing } : undefined

  return {
    phase,
    on,
    setOn,
    style,
    setStyle,
    cues,
    editCue: (index, text) =>
      setAnswer((known) => (known?.kind === 'ready' ? { ...known, cues: known.cues.map((cue, at) => (at === index ? { ...cue, text } : cue)) } : known)),
    script,
    setScript,
    retry: () => setAttempt((count) => count + 1),
    option,
  }
}
