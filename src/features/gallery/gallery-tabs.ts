import { GALLERY_PAGE_SIZE, MINMAX_GALLERY_PAGE_SIZE } from '@contract/constants'

/** spec §4: gallery tabs ugc (default), lipsync, minmax (16:9 consistent avatar). */
export type GalleryTab = 'ugc' | 'lipsync' | 'minmax'

export const GALLERY_TABS: readonly GalleryTab[] = ['ugc', 'lipsync', 'minmax']

export interface GalleryTabSettings {
  /** spec §7: the call that lists this tab's generations. */
  path: string
  /** spec §9: items the server answers per request. */
  serverPageSize: number
}

export const GALLERY_TAB_SETTINGS: Record<GalleryTab, GalleryTabSettings> = {
  ugc: { path: 'api/fal/v1/gallery', serverPageSize: GALLERY_PAGE_SIZE },
  lipsync: { path: 'api/fal/v1/lipsyncGallery', serverPageSize: GALLERY_PAGE_SIZE },
  // Every tab shows the same grid of portrait tiles (docs/decisions/0164).
  minmax: { path: 'api/fal/v1/getMinMaxGallery', serverPageSize: MINMAX_GALLERY_PAGE_SIZE },
}
