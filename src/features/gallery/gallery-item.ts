import type { CaptionFiles } from '@contract/captions'
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
  /** The poster frame the server took of the finished video (docs/decisions/0163). */
  thumbnailUrl: string | null
  videoUrl: string | null
  /** Our addition: the video's measured length; null when the server has not measured it. */
  durationSeconds: number | null
  status: GenerationRecord['status']
  createdAt: string
  error: string | null
  type: GalleryTab
  /** A captioned lip sync's .vtt and .srt (docs/decisions/0234); absent: none. */
  captions?: CaptionFiles
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
    durationSeconds: record.durationSeconds ?? null,
    status: record.status,
    createdAt: record.createdAt,
    error: record.error,
    type,
    ...(record.captions == null ? {} : { captions: record.captions }),
  }
}

/** A clip's length as a player shows it: 0:05, 1:30 (whole seconds, rounded). */
export function clockDuration(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds))
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`
}

/** Whether the item is a portrait clip, so its poster fills the tile (others sit on a blurred copy of themselves). */
export function isPortrait(aspectRatio: string): boolean {
  const match = /^(\d+):(\d+)$/.exec(aspectRatio)
  return match !== null && Number(match[1]) * 16 === Number(match[2]) * 9
}
