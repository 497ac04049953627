import type { z } from 'zod'
import { type GalleryResponse, type galleryRequestSchema, galleryResponseSchema } from '@contract/gallery'
import { GALLERY_TAB_SETTINGS, type GalleryTab } from '../gallery-tabs'

/**
 * spec §7: POST api/fal/v1/gallery | lipsyncGallery | getMinMaxGallery with
 * { page, limit, userId } (limit 10, 10, 16 per §9); the bearer token comes from
 * `api` (spec §5: "Gallery fetch requires the current user's credential").
 */
export async function getGalleryPage(tab: GalleryTab, userId: string, page: number): Promise<GalleryResponse> {
  const { path, serverPageSize } = GALLERY_TAB_SETTINGS[tab]
  // The HTTP client loads with the first call: the saved pages show without it (docs/decisions/0203).
  const { api } = await import('@/api/http')
  const json = { page, limit: serverPageSize, userId } satisfies z.input<typeof galleryRequestSchema>
  const answer: unknown = await api.post(path, { json }).json()
  return galleryResponseSchema.parse(answer)
}
