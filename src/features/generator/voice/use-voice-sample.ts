import { useEffect, useRef, useState } from 'react'
import type { VoiceId } from '@contract/voice'

// The voices' samples (docs/decisions/0233): one audio element for all of
// them, so one sample plays at a time; starting another stops the first. It
// is made here rather than rendered: it has nothing to show.

export interface VoiceSample {
  /** The voice whose sample is playing, if any. */
  playing: VoiceId | null
  /** The sample that cannot be played (no answer, or the browser refused it). */
  failed: VoiceId | null
  /** Plays a voice's sample, or pauses it when it is the one playing. */
  toggle(voice: VoiceId, url: string): void
}

export function useVoiceSample(): VoiceSample {
  const player = useRef<HTMLAudioElement | null>(null)
  const current = useRef<VoiceId | null>(null)
  const [playing, setPlaying] = useState<VoiceId | null>(null)
  const [failed, setFailed] = useState<VoiceId | null>(null)

  // Leaving the screen stops the sample.
  useEffect(() => () => player.current?.pause(), [])

  const element = (): HTMLAudioElement => {
    if (player.current !== null) return player.current
    const audio = new Audio()
    audio.preload = 'none'
    audio.addEventListener('playing', () => setPlaying(current.current))
    audio.addEventListener('pause', () => setPlaying(null))
    audio.addEventListener('ended', () => setPlaying(null))
    audio.addEventListener('error', () => {
      setPlaying(null)
      setFailed(current.current)
    })
    player.current = audio
    return audio
  }

  const toggle = (voice: VoiceId, url: string) => {
    const audio = element()
    if (current.current === voice && !audio.paused) {
      audio.pause()
      return
    }
    setFailed(null)
    if (current.current !== voice || audio.getAttribute('src') === null) {
      audio.pause()
      current.current = voice
      audio.src = url
    }
    audio.play().catch((error: unknown) => {
      // A pause or another sample before this one started playing is no failure.
      if (error instanceof DOMException && error.name === 'AbortError') return
      setFailed(voice)
    })
  }

  return { playing, failed, toggle }
}
