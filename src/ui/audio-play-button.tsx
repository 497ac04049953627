import { useRef, useState } from 'react'
import { PauseIcon, PlayIcon } from './icons'

interface AudioPlayButtonProps {
  src: string
  /** The audio element's name, e.g. 'Audio: voice.mp3'. */
  label: string
  /** The button's name while paused and while playing. */
  playLabel: string
  pauseLabel: string
  preload?: 'none' | 'metadata'
  /** Ids of what describes the audio (e.g. a transcript stand-in). */
  describedBy?: string
}

/**
 * Play and pause for an audio file on its card: one large button in the app's look
 * instead of the browser's player, which differs on every engine.
 */
export function AudioPlayButton({ src, label, playLabel, pauseLabel, preload = 'metadata', describedBy }: AudioPlayButtonProps) {
  const player = useRef<HTMLAudioElement>(null)
  const [playing, setPlaying] = useState(false)
  const toggle = () => {
    const element = player.current
    if (element === null) return
    if (element.paused) void element.play()
    else element.pause()
  }
  return (
    <>
      <button type="button" className="file-card__play file-card__play--audio" onClick={toggle} aria-describedby={describedBy}>
        {playing ? <PauseIcon size={18} /> : <PlayIcon size={18} />}
        <span className="visually-hidden">{playing ? pauseLabel : playLabel}</span>
      </button>
      {/* Driven by the button above. */}
      {/* oxlint-disable-next-line jsx-a11y/media-has-caption */}
      <audio
        ref={player}
        src={src}
        preload={preload}
        aria-label={label}
        aria-describedby={describedBy}
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onEnded={() => setPlaying(false)}
      />
    </>
  )
}
