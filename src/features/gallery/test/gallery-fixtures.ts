import { vi } from 'vitest'
import type { GalleryResponse, GenerationRecord } from '@contract/gallery'

/** A finished generation as the server lists it (spec §3 generation record). */
export function record(index: number, overrides: Partial<GenerationRecord> = {}): GenerationRecord {
  return {
    _id: `gen-${index}`,
    prompt: `Prompt number ${index}`,
    parameters: { seed: index, pro_mode: false, aspect_ratio: '9:16', resolution: '1080p' },
    aspectRatio: '9:16',
    resolution: '1080p',
    thumbnail_url: null,
    outputUrl: `https://app.test/media/video-${index}.mp4`,
    status: 'completed',
    createdAt: new Date(Date.UTC(2026, 10, 1, 12) - index * 60_000).toISOString(),
    error: null,
    ...overrides,
  }
}

/** The server's page `page` of `total` items, `size` a page. */
export function galleryAnswer(total: number, page: number, size = 10, prefix = ''): GalleryResponse {
  const first = (page - 1) * size
  const count = Math.max(0, Math.min(size, total - first))
  return {
    generations: Array.from({ length: count }, (_, index) => record(first + index + 1, { _id: `${prefix}gen-${first + index + 1}` })),
    pagination: { pages: Math.ceil(total / size), total },
  }
}

export interface GalleryCall {
  path: string
  body: { page: number; limit: number; userId: string }
}

/** Answers the gallery calls with `answer(path, body)` (a Response or a thrown network error) and records them. */
export function serveGallery(answer: (call: GalleryCall) => Response | Promise<Response>) {
  const calls: GalleryCall[] = []
  const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = new Request(input instanceof Request ? input.clone() : String(input), init)
    const body: GalleryCall['body'] = await request.json()
    const call = { path: new URL(request.url).pathname, body }
    calls.push(call)
    return answer(call)
  })
  return { spy, calls }
}

export function networkDown(): never {
  throw new TypeError('Failed to fetch')
}

/** The test account's totals per call: 25 UGC videos, 3 lip syncs, no consistent avatars. */
const TOTALS: Record<string, number> = { '/api/fal/v1/gallery': 25, '/api/fal/v1/lipsyncGallery': 3, '/api/fal/v1/getMinMaxGallery': 0 }

/** Answers every gallery call with `totals[path]` items, paged as asked. */
export function serveTotals(totals: Record<string, number> = TOTALS) {
  return serveGallery(({ path, body }) => Response.json(galleryAnswer(totals[path] ?? 0, body.page, body.limit)))
}
