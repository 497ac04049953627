import { z } from 'zod'

// Media upload (spec §7 "Other calls"): a multipart POST of `file` plus
// `upload_preset`, answered like the hosted media service the spec names; the
// client reads `secure_url`. Our own server takes the same fields at
// POST /api/media/v1/upload (docs/operations/media.md).

export const MEDIA_UPLOAD_PATH = '/api/media/v1/upload'
export const MEDIA_KINDS = ['audio', 'video', 'image'] as const
export type MediaKind = (typeof MEDIA_KINDS)[number]

/** The presets our client sends; other names are mapped by the server (docs/operations/media.md). */
export const UPLOAD_PRESETS = MEDIA_KINDS
export type UploadPreset = MediaKind

export const uploadResultSchema = z.object({
  /** Absolute URL of the stored file (the field the client reads, spec §7). */
  secure_url: z.url(),
  url: z.url(),
  /** The stored name without extension. */
  public_id: z.string(),
  bytes: z.number().int().nonnegative(),
  /** The hosted service's resource type: audio is stored as `video` there. */
  resource_type: z.enum(['image', 'video']),
  /** File extension of the stored type, e.g. mp3, m4a, mp4, png. */
  format: z.string(),
  kind: z.enum(MEDIA_KINDS),
  /** Seconds, for audio and video. */
  duration: z.number().positive().optional(),
  created_at: z.string(),
})
export type UploadResult = z.infer<typeof uploadResultSchema>

/**
 * Audio by URL (spec §2 lip-sync input mode "audio URL", §5 audio URL types):
 * the server downloads the URL safely and stores it, answering like an upload,
 * so the app plays and sends our own media URL (docs/operations/media.md).
 */
export const MEDIA_FETCH_PATH = '/api/media/v1/fetch'
export const fetchMediaRequestSchema = z.object({
  url: z.string().trim().min(1, 'url: Please enter a URL.').max(2048),
  /** Only audio is fetched by URL; hosted-service preset names map as for uploads. */
  upload_preset: z.string().max(64),
})
export type FetchMediaRequest = z.infer<typeof fetchMediaRequestSchema>
