import { Trans } from '@lingui/react/macro'
import { useEffect, useRef, useState } from 'react'
import { SoundOffIcon } from './icons'
import { playOrRefuse } from './play-video'
import './result-video.css'

interface ResultVideoProps {
  src: string
  /** The player's accessible name, e.g. 'Generated video'. */
  label: string
  poster?: string
  /** WebVTT captions for a clip with speech. */
  captions?: { src: string; locale: string; label: string }
  /** Plays at once, where it was made (a video that has just finished). */
  autoPlay: boolean
  onError?: () => void
}

/**
 * A finished video on the canvas (keyed by its address where it is shown, so a new video starts afresh). It starts playing where it was made; where the
 * browser allows that only without sound (autoplay policy) it plays muted and
 * offers "Tap for sound", which goes once the sound is on.
 */
export function ResultVideo({ src, label, poster, captions, autoPlay, onError }: ResultVideoProps) {
  const ref = useRef<HTMLVideoElement>(null)
  const [mutedByPolicy, setMutedByPolicy] = useState(false)

  useEffect(() => {
    const video = ref.current
    if (video === null || !autoPlay) return
    let current = true
    video.muted = false
    playOrRefuse(video).then((refused) => {
      if (!current || !refused) return
      video.muted = true
      setMutedByPolicy(true)
      void playOrRefuse(video)
    })
    return () => {
      current = false
    }
  }, [autoPlay])

  const soundOn = () => {
    const video = ref.current
    if (video === null) return
    video.muted = false
    setMutedByPolicy(false)
    void playOrRefuse(video)
  }

  return (
    <>
      {/* A clip with speech brings captions; a silent generated clip has nothing to caption. */}
      {/* oxlint-disable-next-line jsx-a11y/media-has-caption */}
      <video
        ref={ref}
        className="output-panel__video"
        src={src}
        poster={poster}
        aria-label={label}
        controls
        playsInline
        loop
        preload="metadata"
        onError={onError}
        onVolumeChange={(event) => {
          if (!event.currentTarget.muted) setMutedByPolicy(false)
        }}
      >
        {captions && <track kind="captions" src={captions.src} srcLang={captions.locale} label={captions.label} default />}
      </video>
      {mutedByPolicy && (
        <button type="button" className="result-video__sound" onClick={soundOn}>
          <SoundOffIcon size={18} />
          <Trans>Tap for sound</Trans>
        </button>
      )}
    </>
  )
}
