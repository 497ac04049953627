import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useEffect } from 'react'
import { Spinner } from '@/ui/spinner'
import type { GalleryItem } from './gallery-item'
import type { GalleryTab } from './gallery-tabs'
import { GalleryPager } from './gallery-pager'
import { clampedPage, viewCount } from './pager'
import type { GalleryViewState } from './use-gallery-view'
import { VideoCard } from './video-card'

interface GalleryPanelProps {
  tab: GalleryTab
  state: GalleryViewState
  page: number
  onPage: (page: number) => void
  keptUrls: ReadonlySet<string>
  online: boolean
  /** spec §8 credentialError is shown above the tabs: an unsaved page has nothing to add. */
  credentialMissing?: boolean
  onOpen: (item: GalleryItem) => void
  onRemove: (item: GalleryItem) => Promise<void>
}

/** One tab's content (spec §2): spinner, UGC error, empty state, or the grid with its pager. */
export function GalleryPanel({ tab, state, page, onPage, keptUrls, online, credentialMissing = false, onOpen, onRemove }: GalleryPanelProps) {
  const { t } = useLingui()
  const { view, loading } = state
  const total = view?.kind === 'fresh' || view?.kind === 'saved' ? view.total : null
  // Fresh data with fewer videos than the page shown assumed (some deleted elsewhere): move to the new last page
  // rather than show an empty grid with Previous enabled.
  const shown = total === null ? page : clampedPage(page, total)
  useEffect(() => {
    if (shown !== page) onPage(shown)
  }, [shown, page, onPage])

  if (view === null || (loading && view.kind !== 'saved' && view.kind !== 'fresh')) {
    return loading ? <Spinner label={t`Loading videos…`} /> : null
  }
  if (view.kind === 'failed') {
    // spec §8: the UGC tab shows its failure in red; lip-sync and consistent-avatar failures are only
    // logged there, so they say it quietly instead of claiming the tab is empty (docs/decisions/0161).
    return tab === 'ugc' ? (
      <p className="field-error gallery__error" role="alert">
        <Trans>Failed to fetch UGC videos</Trans>
      </p>
    ) : (
      <p className="hint gallery__notice">
        <Trans>These videos could not be loaded right now.</Trans>
      </p>
    )
  }
  if (view.kind === 'not-saved') {
    if (credentialMissing) return null
    return (
      <p className="hint gallery__notice">
        <Trans>This page is not saved on this device. Connect to the internet to see it.</Trans>
      </p>
    )
  }
  if (view.total === 0) return <EmptyStage />
  return (
    <>
      {loading && <Spinner label={t`Updating…`} />}
      <ul className="gallery-grid">
        {view.items.map((item) => (
          <VideoCard
            key={item.id}
            item={item}
            kept={item.videoUrl !== null && keptUrls.has(item.videoUrl)}
            online={online}
            onOpen={onOpen}
            onRemove={onRemove}
          />
        ))}
      </ul>
      <GalleryPager page={page} lastPage={viewCount(view.total)} onPage={onPage} />
    </>
  )
}

/** spec §2 empty state. */
export function EmptyStage() {
  return (
    <div className="gallery__empty">
      <h2>
        <Trans>The Stage is Empty</Trans>
      </h2>
      <p className="hint">
        <Trans>Your masterpieces will appear here once you start creating</Trans>
      </p>
      <Link to="/ugc-actor" className="btn btn--primary">
        <Trans>Start creating</Trans>
      </Link>
    </div>
  )
}
