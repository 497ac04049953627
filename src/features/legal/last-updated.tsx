import { Trans, useLingui } from '@lingui/react/macro'

/**
 * spec §2 Terms/Privacy: the 'last updated' line. It names the day the text
 * took effect (effective-dates.ts), not the day of the visit (decision 0256),
 * written the way the active locale writes dates ("November 22, 2026" /
 * "22. November 2026").
 */
export function LastUpdated({ effective }: { effective: string }) {
  const { i18n } = useLingui()
  const [year = 1970, month = 1, day = 1] = effective.split('-').map(Number)
  // Noon local time: the same calendar day in every time zone the date is written for.
  const date = i18n.date(new Date(year, month - 1, day, 12), { dateStyle: 'long' })
  return (
    <p className="legal-updated">
      <Trans>
        Last updated: <time dateTime={effective}>{date}</time>
      </Trans>
    </p>
  )
}
