import { Trans, useLingui } from '@lingui/react/macro'
import { useId } from 'react'
import type { CaptionCue } from '@contract/captions'
import { clockOf } from '../file-meta'

interface CaptionCueListProps {
  cues: readonly CaptionCue[]
  onEdit: (index: number, text: string) => void
  disabled: boolean
}

/**
 * Each caption's text, correctable before paying; its times stay (the server
 * times the words of a corrected caption again, docs/decisions/0234).
 */
export function CaptionCueList({ cues, onEdit, disabled }: CaptionCueListProps) {
  const { t } = useLingui()
  const id = useId()
  return (
    <details className="caption-cues">
      <summary className="caption-cues__summary">
        <Trans>Edit the caption text</Trans>
      </summary>
      <ol className="caption-cues__list">
        {cues.map((cue, index) => {
          const time = clockOf(cue.start)
          return (
            // The captions are fixed in number and order: their index is who they are.
            <li key={`${id}-${String(index)}`} className="caption-cues__item">
              <span className="caption-cues__time" aria-hidden="true">
                {time}
              </span>
              <input
                aria-label={t`Caption at ${time}`}
                type="text"
                value={cue.text}
                maxLength={400}
                disabled={disabled}
                onChange={(event) => onEdit(index, event.target.value)}
              />
            </li>
          )
        })}
      </ol>
    </details>
  )
}
