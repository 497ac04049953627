import { useLingui } from '@lingui/react/macro'
import { pagerEntries } from './pager'

interface GalleryPagerProps {
  page: number
  lastPage: number
  onPage: (page: number) => void
}

/** spec §2 pager: current ±1, the last page, an ellipsis between; previous/next disabled at the ends. */
export function GalleryPager({ page, lastPage, onPage }: GalleryPagerProps) {
  const { t } = useLingui()
  const entries = pagerEntries(page, lastPage)
  if (entries.length === 0) return null
  return (
    <nav className="gallery-pager" aria-label={t`Gallery pages`}>
      <button type="button" className="gallery-pager__step" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t`Previous`}
      </button>
      <ol className="gallery-pager__pages">
        {entries.map((entry) =>
          entry.kind === 'gap' ? (
            <li key={`gap-${entry.after}`} className="gallery-pager__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={entry.page}>
              <button
                type="button"
                className="gallery-pager__page"
                aria-current={entry.page === page ? 'page' : undefined}
                aria-label={t`Page ${entry.page}`}
                onClick={() => onPage(entry.page)}
              >
                {entry.page}
              </button>
            </li>
          ),
        )}
      </ol>
      <button type="button" className="gallery-pager__step" disabled={page >= lastPage} onClick={() => onPage(page + 1)}>
        {t`Next`}
      </button>
    </nav>
  )
}
