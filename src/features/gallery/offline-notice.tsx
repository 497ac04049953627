import { useLingui } from '@lingui/react/macro'

interface OfflineNoticeProps {
  /** navigator.onLine: offline, or online with the server out of reach. */
  online: boolean
  /** When the shown copy was fetched, if a saved copy is showing. */
  fetchedAt: number | null
}

/** Says the gallery shows what this device saved (offline says so, never fails silently: docs/decisions/0161). */
export function OfflineNotice({ online, fetchedAt }: OfflineNoticeProps) {
  const { t, i18n } = useLingui()
  const when = fetchedAt === null ? null : i18n.date(new Date(fetchedAt), { dateStyle: 'medium', timeStyle: 'short' })
  return (
    <output className="gallery-offline">
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
        <path
          d="M2 8.8a15 15 0 0 1 20 0M5 12.5a10 10 0 0 1 14 0M8.5 16a5 5 0 0 1 7 0M12 19.5h.01M3 3l18 18"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
        />
      </svg>
      <span className="gallery-offline__text">
        {online ? t`The server can't be reached — showing your saved gallery` : t`You are offline — showing your saved gallery`}
        {when !== null && <span className="gallery-offline__when">{t`Saved ${when}`}</span>}
      </span>
    </output>
  )
}
