import { type GalleryResponse, galleryResponseSchema } from '@contract/gallery'
import { deviceDb, type GalleryPageRow } from './device-db'

// Every gallery page fetched is kept on the device per Firebase uid (the
// gallery works offline: docs/decisions/0170), so another account on the same device never
// reads it: every query names the uid. The gallery's one query reads and writes them
// (src/features/gallery/use-gallery-view.ts, docs/decisions/0312).

type GalleryTab = GalleryPageRow['tab']

export interface SavedGalleryPage {
  answer: GalleryResponse
  fetchedAt: number
}

/** Keeps a fresh answer, replacing what was saved for that page, and drops pages past the new end. */
export async function saveGalleryPage(uid: string, tab: GalleryTab, page: number, answer: GalleryResponse): Promise<void> {
  await deviceDb.transaction('rw', deviceDb.galleryPages, async () => {
    await deviceDb.galleryPages.put({ uid, tab, page, answer, fetchedAt: Date.now() })
    await deviceDb.galleryPages
      .where('uid')
      .equals(uid)
      .filter((row) => row.tab === tab && row.page > Math.max(answer.pagination.pages, 1))
      .delete()
  })
}

/** The saved answer of one page, or null when none (or it no longer reads as a gallery answer). */
export async function readGalleryPage(uid: string, tab: GalleryTab, page: number): Promise<SavedGalleryPage | null> {
  const row = await deviceDb.galleryPages.get([uid, tab, page])
  if (row === undefined) return null
  const parsed = galleryResponseSchema.safeParse(row.answer)
  return parsed.success ? { answer: parsed.data, fetchedAt: row.fetchedAt } : null
}
