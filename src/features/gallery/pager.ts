import { GALLERY_VIEW_SIZE } from '@contract/constants'

// Pager math. The client shows GALLERY_VIEW_SIZE items a view (spec §9) while the
// server answers 10 (UGC, lip sync) or 16 (consistent avatar) a request, so a
// view may need one or two server pages.

export type PagerEntry = { kind: 'page'; page: number } | { kind: 'gap'; after: number }

/** How many views `total` items fill (0 for none). */
export function viewCount(total: number): number {
  return Math.max(0, Math.ceil(total / GALLERY_VIEW_SIZE))
}

/** The page to show of `total` items: `page`, or the last page (at least 1) when fewer views are left. */
export function clampedPage(page: number, total: number): number {
  return Math.min(page, Math.max(1, viewCount(total)))
}

/** spec §2 pager: the current page plus or minus one and the last page, an ellipsis between. */
export function pagerEntries(current: number, last: number): PagerEntry[] {
  if (last <= 1) return []
  const pages = [...new Set([current - 1, current, current + 1, last])].filter((p) => p >= 1 && p <= last).sort((a, b) => a - b)
  const entries: PagerEntry[] = []
  for (const page of pages) {
    const previous = entries.at(-1)
    if (previous?.kind === 'page' && page - previous.page > 1) entries.push({ kind: 'gap', after: previous.page })
    entries.push({ kind: 'page', page })
  }
  return entries
}

export interface ServerSlice {
  /** The server pages (from 1) holding the view's items, in order. */
  pages: number[]
  /** Where the view starts within the first of those pages. */
  offset: number
}

/** Which server pages hold view `viewPage` (from 1) when the server answers `serverPageSize` a page. */
export function serverSliceForView(viewPage: number, serverPageSize: number): ServerSlice {
  const first = (viewPage - 1) * GALLERY_VIEW_SIZE
  const last = first + GALLERY_VIEW_SIZE - 1
  const firstPage = Math.floor(first / serverPageSize) + 1
  const lastPage = Math.floor(last / serverPageSize) + 1
  const pages: number[] = []
  for (let page = firstPage; page <= lastPage; page += 1) pages.push(page)
  return { pages, offset: first - (firstPage - 1) * serverPageSize }
}

/** The view's items out of its server pages' items (concatenated in page order). */
export function takeView<T>(items: readonly T[], slice: ServerSlice): T[] {
  return items.slice(slice.offset, slice.offset + GALLERY_VIEW_SIZE)
}
