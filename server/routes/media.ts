import { rm } from 'node:fs/promises'
import { Hono, type MiddlewareHandler } from 'hono'
import { fetchMediaRequestSchema, MEDIA_FETCH_PATH, MEDIA_UPLOAD_PATH, type MediaKind, type UploadResult } from '../../contract/media.ts'
import { AUDIO_URL_TYPES, MAX_UPLOAD_BYTES } from '../../contract/constants.ts'
import { ApiError } from '../http/errors.ts'
import type { AppEnv } from '../http/env.ts'
import { jsonBody } from '../http/validate.ts'
import { fetchRemoteToFile } from '../media/fetch-remote.ts'
import { presetKind, type StoredMediaType } from '../media/media-types.ts'
import { serveMedia } from '../media/serve.ts'
import type { MediaStore, SavedMedia } from '../media/store.ts'
import { invalidTypeMessage, remoteFetchApiError, uploadApiError } from '../media/upload-errors.ts'
import { receiveUpload } from '../media/upload.ts'
import { probeDurationSeconds } from '../render/probe.ts'

// Media upload (spec §7: multipart `file` + `upload_preset`, answered with
// `secure_url` like the hosted media service) and the stored files themselves.
// Mount with `app.route('/', createMediaRoutes(deps))`: the paths are absolute.

export interface MediaRoutesDeps {
  store: MediaStore
  /** Guards the upload: the server's requireUser() (server/auth/middleware.ts). */
  requireUser: MiddlewareHandler<AppEnv>
  /** Length of an uploaded audio or video in seconds (default: ffmpeg). */
  probeDurationSeconds?: (file: string) => Promise<number>
  /** The SSRF-safe downloader (default: public addresses only). Tests pass one trusting their local server. */
  fetchRemoteToFile?: typeof fetchRemoteToFile
  /** Told of every file a user stored, so it can be deleted with the account or when unused (server/privacy/uploads.ts). */
  onStored?: (saved: SavedMedia, userId: string) => Promise<void>
}

/** spec-silent: how long a user's audio URL may take to download (well under a request timeout). */
const AUDIO_URL_TIMEOUT_MS = 30_000

/** The hosted media service's answer shape (spec §7: the client reads secure_url). */
function uploadResult(saved: SavedMedia, type: StoredMediaType, duration: number | undefined): UploadResult {
  return {
    secure_url: saved.url,
    url: saved.url,
    public_id: saved.name.slice(0, saved.name.lastIndexOf('.')),
    bytes: saved.bytes,
    resource_type: type.kind === 'image' ? 'image' : 'video',
    format: type.ext,
    kind: type.kind,
    ...(duration === undefined ? {} : { duration }),
    created_at: new Date().toISOString(),
  }
}

export function createMediaRoutes(deps: MediaRoutesDeps): Hono<AppEnv> {
  const { store } = deps
  const probe = deps.probeDurationSeconds ?? probeDurationSeconds
  const fetchRemote = deps.fetchRemoteToFile ?? fetchRemoteToFile
  const app = new Hono<AppEnv>()

  /** Right magic bytes but no playable media (a polyglot or a truncated file) is refused too. */
  const durationOrRefuse = (file: string, kind: MediaKind): Promise<number> =>
    probe(file).catch(async () => {
      await rm(file, { force: true })
      throw new ApiError(415, 'invalid_file_type', invalidTypeMessage(kind))
    })

  app.post(MEDIA_UPLOAD_PATH, deps.requireUser, async (c) => {
    const upload = await receiveUpload({
      body: c.req.raw.body,
      contentType: c.req.header('content-type'),
      contentLength: c.req.header('content-length'),
      dir: store.incomingDir,
    }).catch((error: unknown) => {
      throw uploadApiError(error)
    })
    const { kind, ext, contentType } = upload.type
    const duration = kind === 'image' ? undefined : await durationOrRefuse(upload.tempFile, kind)
    const saved = await store.save(upload.tempFile, { kind, ext, contentType, ownerUserId: c.var.user.id })
    await deps.onStored?.(saved, c.var.user.id)
    c.var.log.info({ userId: c.var.user.id, media: saved.name, kind, bytes: saved.bytes }, 'media uploaded')
    return c.json<UploadResult>(uploadResult(saved, upload.type, duration))
  })

  // Audio by URL (spec §2, §5): downloaded here, never by the browser, so the
  // CSP stays 'self' and the URL cannot reach inside our network (quality.md).
  app.post(MEDIA_FETCH_PATH, deps.requireUser, async (c) => {
    const body = await jsonBody(c, fetchMediaRequestSchema)
    if (presetKind(body.upload_preset) !== 'audio') {
      throw new ApiError(400, 'validation_failed', 'upload_preset: only audio can be loaded from a URL')
    }
    const remote = await fetchRemote(body.url, {
      maxBytes: MAX_UPLOAD_BYTES, // spec §9: 10 MB
      allowedContentTypes: AUDIO_URL_TYPES, // spec §5, then sniffed
      timeoutMs: AUDIO_URL_TIMEOUT_MS,
      dir: store.incomingDir,
      kind: 'audio',
      signal: c.req.raw.signal,
    }).catch((error: unknown) => {
      throw remoteFetchApiError(error)
    })
    const { kind, ext, contentType } = remote.type
    const duration = await durationOrRefuse(remote.path, kind)
    const saved = await store.save(remote.path, { kind, ext, contentType, ownerUserId: c.var.user.id })
    await deps.onStored?.(saved, c.var.user.id)
    c.var.log.info({ userId: c.var.user.id, media: saved.name, kind, bytes: saved.bytes, host: new URL(body.url).host }, 'media fetched from a URL')
    return c.json<UploadResult>(uploadResult(saved, remote.type, duration))
  })

  // Public by unguessable name, like the hosted service's URLs: <video src> and
  // the video provider fetch them without a token (docs/decisions/0081).
  app.get('/media/:name', (c) => serveMedia(store, c.req.param('name'), c.req.raw))

  return app
}
