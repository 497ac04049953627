import type { MediaKind } from '../../contract/media.ts'
import { MAX_UPLOAD_BYTES, MAX_VIDEO_UPLOAD_BYTES } from '../../contract/constants.ts'

// Every type the media store keeps. A stored file's extension is the one
// source of its type: the server serves exactly this Content-Type for it and
// nothing else (docs/quality.md: never as HTML), so no metadata table is needed.

export interface StoredMediaType {
  ext: string
  contentType: string
  /** `captions`: the .vtt and .srt beside a captioned video; made by the server, never uploaded (never sniffed). */
  kind: MediaKind | 'captions'
}

/** A type users may upload or load by URL: audio, video or an image. */
export interface UploadableMediaType extends StoredMediaType {
  kind: MediaKind
}

export const UPLOADABLE_MEDIA_TYPES: readonly UploadableMediaType[] = [
  // spec §5/§9 audio: mp3, ogg, wav, m4a, aac; also flac (audio URL types) and webm (browser recordings).
  { ext: 'mp3', contentType: 'audio/mpeg', kind: 'audio' },
  { ext: 'ogg', contentType: 'audio/ogg', kind: 'audio' },
  { ext: 'wav', contentType: 'audio/wav', kind: 'audio' },
  { ext: 'm4a', contentType: 'audio/mp4', kind: 'audio' },
  { ext: 'aac', contentType: 'audio/aac', kind: 'audio' },
  { ext: 'flac', contentType: 'audio/flac', kind: 'audio' },
  { ext: 'weba', contentType: 'audio/webm', kind: 'audio' },
  // spec §5 video: mp4, quicktime, webm, x-m4v.
  { ext: 'mp4', contentType: 'video/mp4', kind: 'video' },
  { ext: 'mov', contentType: 'video/quicktime', kind: 'video' },
  { ext: 'm4v', contentType: 'video/x-m4v', kind: 'video' },
  { ext: 'webm', contentType: 'video/webm', kind: 'video' },
  // spec §5 images: jpeg, png, webp.
  { ext: 'jpg', contentType: 'image/jpeg', kind: 'image' },
  { ext: 'png', contentType: 'image/png', kind: 'image' },
  { ext: 'webp', contentType: 'image/webp', kind: 'image' },
]

export const STORED_MEDIA_TYPES: readonly StoredMediaType[] = [
  ...UPLOADABLE_MEDIA_TYPES,
  // The caption files of a captioned video (docs/decisions/0234).
  { ext: 'vtt', contentType: 'text/vtt; charset=utf-8', kind: 'captions' },
  { ext: 'srt', contentType: 'application/x-subrip; charset=utf-8', kind: 'captions' },
]

export function storedTypeByExt(ext: string): StoredMediaType | undefined {
  return STORED_MEDIA_TYPES.find((type) => type.ext === ext)
}

export function uploadableTypeByExt(ext: string): UploadableMediaType | undefined {
  return UPLOADABLE_MEDIA_TYPES.find((type) => type.ext === ext)
}

/** spec §9: 10 MB for audio and images; our stated cap for input videos (docs/decisions/0080). */
export function maxBytesFor(kind: MediaKind): number {
  return kind === 'video' ? MAX_VIDEO_UPLOAD_BYTES : MAX_UPLOAD_BYTES
}

/**
 * Maps an upload preset to the kind it stands for. Our client sends `audio`,
 * `video` or `image`; a client written for the hosted service sends its own
 * preset names, so any name with one of those words in it (`actorly_audio`,
 * `video-uploads`, `Image`) maps to that kind. Anything else is refused.
 */
export function presetKind(preset: string): MediaKind | null {
  const words = preset.toLowerCase().split(/[^a-z0-9]+/)
  const kinds = (['audio', 'video', 'image'] as const).filter((kind) => words.includes(kind))
  return kinds.length === 1 ? (kinds[0] ?? null) : null
}
