import { ZodError } from 'zod'
import type { GalleryResponse } from '@contract/gallery'
import { getGalleryPage } from './api/get-gallery-page'
import { readGalleryPage, saveGalleryPage } from '@/device/gallery-pages'
import { type GalleryItem, toGalleryItem } from './gallery-item'
import { GALLERY_TAB_SETTINGS, type GalleryTab } from './gallery-tabs'
import { serverSliceForView, takeView } from './pager'

/** What one view (page of the pager) of a tab shows. */
export type GalleryView =
  /** Fresh from the server (and now saved on the device). */
  | { kind: 'fresh'; items: GalleryItem[]; total: number }
  /** Saved on this device, shown because the server cannot be reached. */
  | { kind: 'saved'; items: GalleryItem[]; total: number; fetchedAt: number }
  /** Offline and this page was never saved here. */
  | { kind: 'not-saved' }
  /** The server answered with an error (spec §8: 'Failed to fetch UGC videos' on the UGC tab). */
  | { kind: 'failed' }

export interface GalleryViewQuery {
  /** Firebase uid: whose saved pages to read and write. */
  uid: string
  /** The user record's _id (spec §7 userId); null while unknown, then only saved pages can show. */
  userId: string | null
  tab: GalleryTab
  viewPage: number
  /** navigator.onLine: when false, the server is not tried. */
  online: boolean
}

function toView(tab: GalleryTab, viewPage: number, answers: GalleryResponse[]): { items: GalleryItem[]; total: number } {
  const slice = serverSliceForView(viewPage, GALLERY_TAB_SETTINGS[tab].serverPageSize)
  const records = answers.flatMap((answer) => answer.generations)
  return { items: takeView(records, slice).map((record) => toGalleryItem(record, tab)), total: answers[0]?.pagination.total ?? 0 }
}

/** The view as saved on this device, or not-saved when any of its server pages is missing. */
export async function readSavedView(query: Pick<GalleryViewQuery, 'uid' | 'tab' | 'viewPage'>): Promise<GalleryView> {
  const { pages } = serverSliceForView(query.viewPage, GALLERY_TAB_SETTINGS[query.tab].serverPageSize)
  const saved = await Promise.all(pages.map((page) => readGalleryPage(query.uid, query.tab, page)))
  const [first, ...later] = saved
  if (first === null || first === undefined) return { kind: 'not-saved' }
  // A later server page past the first's last page does not exist, so it is not missing; one that
  // exists but was never saved would leave the view short under a total that counts its items.
  const lastServerPage = first.answer.pagination.pages
  if (later.some((page, index) => page === null && (pages[index + 1] ?? Infinity) <= lastServerPage)) return { kind: 'not-saved' }
  const present = saved.filter((page) => page !== null)
  return {
    kind: 'saved',
    ...toView(
      query.tab,
      query.viewPage,
      present.map((p) => p.answer),
    ),
    fetchedAt: Math.min(...present.map((p) => p.fetchedAt)),
  }
}

/** Gateways answer 502-504 when our server is down: as unreachable as no answer at all. */
const UNREACHABLE_STATUSES = new Set([502, 503, 504])

/** True when our server itself answered badly; false when it could not be reached (network, timeout, token refresh offline). */
async function serverAnswered(error: unknown): Promise<boolean> {
  // The HTTP client loads with the first server call (api/get-gallery-page.ts), not with the saved pages.
  const { isHTTPError } = await import('ky')
  if (isHTTPError(error)) return !UNREACHABLE_STATUSES.has(error.response.status)
  return error instanceof ZodError
}

/** The server's view when it can be reached (saving each page), else what this device saved. */
export async function loadGalleryView(query: GalleryViewQuery): Promise<GalleryView> {
  const { uid, userId, tab, viewPage, online } = query
  if (!online || userId === null) return readSavedView(query)
  const slice = serverSliceForView(viewPage, GALLERY_TAB_SETTINGS[tab].serverPageSize)
  try {
    const first = await getGalleryPage(tab, userId, slice.pages[0] ?? 1)
    const answers = [first]
    for (const page of slice.pages.slice(1)) {
      if (page <= first.pagination.pages) answers.push(await getGalleryPage(tab, userId, page))
    }
    await Promise.all(answers.map((answer, index) => saveGalleryPage(uid, tab, (slice.pages[0] ?? 1) + index, answer))).catch(() => {
      // A full or blocked IndexedDB must not hide fresh data; it only costs the offline copy.
    })
    return { kind: 'fresh', ...toView(tab, viewPage, answers) }
  } catch (error) {
    return (await serverAnswered(error).catch(() => false)) ? { kind: 'failed' } : readSavedView(query)
  }
}
