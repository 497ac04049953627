import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useEffectEvent, useRef, useState } from 'react'
import type { CaptionCue, CaptionStyle } from '@contract/captions'
import { getCaptionPreview } from './api/get-caption-preview'

/** Waits this long after the last change of style or text before asking for a new still. */
const PREVIEW_DEBOUNCE_MS = 400

interface CaptionPreviewProps {
  videoUrl: string
  style: CaptionStyle
  cues: readonly CaptionCue[]
}

/** `key`: what the still was asked for. */
type Still = { kind: 'loading' } | { kind: 'shown'; url: string; key: string } | { kind: 'failed'; key: string }

/**
 * One still frame of the input video with the first caption burnt in as it
 * will be (docs/decisions/0234), asked for again when the style or a
 * caption's text changes.
 */
export function CaptionPreview({ videoUrl, style, cues }: CaptionPreviewProps) {
  const { t } = useLingui()
  const [still, setStill] = useState<Still>({ kind: 'loading' })
  const key = JSON.stringify([videoUrl, style, cues.map((cue) => cue.text)])

  /** The still on screen: let go when the next one replaces it, or when the preview goes. */
  const shown = useRef<string | null>(null)
  useEffect(
    () => () => {
      if (shown.current !== null) URL.revokeObjectURL(shown.current)
    },
    [],
  )

  const ask = useEffectEvent(() => getCaptionPreview({ video_url: videoUrl, style, cues: [...cues] }))
  // `key` stands for the video, the style and the captions' text; the previous still stays until the next is here.
  useEffect(() => {
    let current = true
    const timer = setTimeout(() => {
      void ask().then((outcome) => {
        if (!current) return
        if (outcome.kind !== 'ok') {
          setStill({ kind: 'failed', key })
          return
        }
        if (shown.current !== null) URL.revokeObjectURL(shown.current)
        const url = URL.createObjectURL(outcome.value)
        shown.current = url
        setStill({ kind: 'shown', url, key })
      })
    }, PREVIEW_DEBOUNCE_MS)
    return () => {
      current = false
      clearTimeout(timer)
    }
  }, [key])

  return (
    <figure className="caption-preview" aria-busy={still.kind === 'loading' || still.key !== key}>
      {still.kind === 'shown' ? (
        <img src={still.url} alt={t`Preview of the captions on your video`} />
      ) : (
        <span className="caption-preview__placeholder hint">
          {still.kind === 'failed' ? <Trans>The preview cannot be shown right now.</Trans> : <Trans>Loading the preview…</Trans>}
        </span>
      )}
    </figure>
  )
}
