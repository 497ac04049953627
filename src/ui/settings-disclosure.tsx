import { Trans } from '@lingui/react/macro'
import { Fragment, type ReactNode, useEffect, useRef } from 'react'
import { SlidersIcon } from './icons'
import './settings-disclosure.css'

interface SettingsDisclosureProps {
  /** The settings as they stand, shown while folded: "9:16 · 1080p · 5 s" (a line breaks only between them). */
  summary: readonly string[]
  children: ReactNode
  /** Unfolds it, e.g. when one of the settings is refused and must be seen. */
  reveal?: boolean
}

/** The composer's settings, folded under "Settings" with what they are set to beside it. */
export function SettingsDisclosure({ summary, children, reveal = false }: SettingsDisclosureProps) {
  const ref = useRef<HTMLDetailsElement>(null)
  useEffect(() => {
    if (reveal && ref.current !== null) ref.current.open = true
  }, [reveal])
  return (
    <details ref={ref} className="settings-disclosure">
      <summary className="settings-disclosure__summary">
        <SlidersIcon />
        <span className="settings-disclosure__title">
          <Trans>Settings</Trans>
        </span>
        <span className="settings-disclosure__values">
          {/* A line may break after a dot, never inside a setting. */}
          {summary.map((part, index) => (
            <Fragment key={part}>
              <span>
                {part}
                {index < summary.length - 1 && <>&nbsp;·</>}
              </span>{' '}
            </Fragment>
          ))}
        </span>
      </summary>
      <div className="settings-disclosure__body">{children}</div>
    </details>
  )
}
