import { Trans } from '@lingui/react/macro'
import { useId, useLayoutEffect, useRef, useState } from 'react'

/**
 * A prompt shown in two lines with "Show more" when it is longer (docs/decisions/0164):
 * the video stays the largest thing in the preview, and the whole text is one tap away.
 */
export function CollapsiblePrompt({ text }: { text: string }) {
  const id = useId()
  const paragraph = useRef<HTMLParagraphElement>(null)
  const [expanded, setExpanded] = useState(false)
  const [overflows, setOverflows] = useState(false)

  useLayoutEffect(() => {
    const element = paragraph.current
    if (element === null || expanded) return
    const measure = () => setOverflows(element.scrollHeight > element.clientHeight + 1)
    measure()
    // The preview's width changes with the screen (rotation, a resized window).
    if (typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(measure)
    observer.observe(element)
    return () => observer.disconnect()
  }, [expanded])

  return (
    <div className="preview-prompt">
      <p id={id} ref={paragraph} className={expanded ? 'preview-prompt__text' : 'preview-prompt__text preview-prompt__text--clamped'}>
        {text}
      </p>
      {(overflows || expanded) && (
        <button type="button" className="preview-prompt__toggle" aria-expanded={expanded} aria-controls={id} onClick={() => setExpanded(!expanded)}>
          {expanded ? <Trans>Show less</Trans> : <Trans>Show more</Trans>}
        </button>
      )}
    </div>
  )
}
