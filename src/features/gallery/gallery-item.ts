import type { GenerationRecord } from '@contract/gallery'
import type { GalleryTab } from './gallery-tabs'

/** spec §3 gallery item (type ugc or lipsync; we also keep minmax to tell the lists apart). */
export interface GalleryItem {
  id: string
  seed: number
  promode: boolean
  aspectRatio: string
  resolution: string
  prompt: string
  thumbnailUrl: string | null
  videoUrl: string | null
  status: GenerationRecord['status']
  createdAt: string
  error: string | null
  type: GalleryTab
}

/**
 * spec §3: lip-sync and consistent-avatar items default to 16:9 and 720p (seed 0,
 * promode false and an empty prompt come with the server's record); UGC to the
 * generator's 9:16 1080p (§9).
 */
const FORMAT_DEFAULTS = {
  ugc: { aspectRatio: '9:16', resolution: '1080p' },
  lipsync: { aspectRatio: '16:9', resolution: '720p' },
  minmax: { aspectRatio: '16:9', resolution: '720p' },
} as const

export function toGalleryItem(record: GenerationRecord, type: GalleryTab): GalleryItem {
  const defaults = FORMAT_DEFAULTS[type]
  return {
    id: record._id,
    seed: record.parameters.seed,
    promode: record.parameters.pro_mode,
    aspectRatio: record.aspectRatio || defaults.aspectRatio,
    resolution: record.resolution || defaults.resolution,
    prompt: record.prompt,
    thumbnailUrl: record.thumbnail_url,
    videoUrl: record.outputUrl,
    status: record.status,
    createdAt: record.createdAt,
    error: record.error,
    type,
  }
}

/** "16:9" → 16/9 for CSS aspect-ratio; null when unreadable. */
export function aspectRatioValue(aspectRatio: string): string | null {
  const match = /^(\d+):(\d+)$/.exec(aspectRatio)
  return match ? `${match[1]} / ${match[2]}` : null
}
