import { GALLERY_PAGE_SIZE, MINMAX_GALLERY_PAGE_SIZE } from '@contract/constants'

/** spec §4: gallery tabs ugc (default), lipsync, minmax (16:9 consistent avatar). */
export type GalleryTab = 'ugc' | 'lipsync' | 'minmax'

export const GALLERY_TABS: readonly GalleryTab[] = ['ugc', 'lipsync', 'minmax']

export interface GalleryTabSettings {
  /** spec §7: the call that lists this tab's generations. */
  path: string
  /** spec §9: items the server answers per request. */
  serverPageSize: number
  /**
   * spec §2 grid: 1/2/3/4 columns for the 16:9 tab, 2/3/4/5 for portrait tabs.
   * Only minmax is "16:9" (spec §3 list types); docs/decisions/0160.
   */
  layout: 'landscape' | 'portrait'
}

export const GALLERY_TAB_SETTINGS: Record<GalleryTab, GalleryTabSettings> = {
  ugc: { path: 'api/fal/v1/gallery', serverPageSize: GALLERY_PAGE_SIZE, layout: 'portrait' },
  lipsync: { path: 'api/fal/v1/lipsyncGallery', serverPageSize: GALLERY_PAGE_SIZE, layout: 'portrait' },
  minmax: {
    path: 'api/fal/v1/getMinMaxGallery',
    serverPageSize: MINMAX_GALLERY_PAGE_SIZE,
    layout: 'landscape',
  },
}
