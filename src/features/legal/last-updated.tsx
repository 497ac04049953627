import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'

/**
 * spec §2 Terms/Privacy: the 'last updated' line shows today's date, written the
 * way the active locale writes dates (e.g. "November 22, 2026" / "22. November 2026").
 */
export function LastUpdated() {
  const { i18n } = useLingui()
  // Read once per visit so the line does not change between renders.
  const [today] = useState(() => new Date())
  const date = i18n.date(today, { dateStyle: 'long' })
  const iso = localIsoDate(today)
  return (
    <p className="legal-updated">
      <Trans>
        Last updated: <time dateTime={iso}>{date}</time>
      </Trans>
    </p>
  )
}

const pad = (value: number) => String(value).padStart(2, '0')

/** YYYY-MM-DD in local time, matching the date shown (toISOString would use UTC). */
export function localIsoDate(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`
}
