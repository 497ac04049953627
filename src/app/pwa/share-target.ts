// The share target (docs/decisions/0172): where the phone's share
// sheet posts audio and video, which the service worker answers. Read by the
// manifest (vite.config.ts, in Node) and the worker, so plain values only.

/** The manifest's share_target action; only the service worker answers it. */
export const SHARE_TARGET_ACTION = '/share-target'

/** The multipart field carrying the shared file. */
export const SHARED_MEDIA_FIELD = 'media'

/** Where a share lands: the lip-sync step, told to take the shared file. */
export const SHARE_LANDING = '/ugc-actor?step=2&shared=1'

/** spec §5's audio upload and video upload types, as MIME types and extensions (share sheets use either). */
export const SHARED_MEDIA_ACCEPT = [
  'audio/*',
  'video/mp4',
  'video/quicktime',
  'video/webm',
  'video/x-m4v',
  '.mp3',
  '.ogg',
  '.wav',
  '.m4a',
  '.aac',
  '.mp4',
  '.mov',
  '.webm',
  '.m4v',
]
