import { rm } from 'node:fs/promises'
import { Hono, type Context, type MiddlewareHandler } from 'hono'
import { fetchMediaRequestSchema, MEDIA_FETCH_PATH, MEDIA_UPLOAD_PATH, type MediaKind, type UploadResult } from '../../contract/media.ts'
import { AUDIO_URL_TYPES, MAX_UPLOAD_BYTES } from '../../contract/constants.ts'
import { accountDeletedError } from '../auth/middleware.ts'
import { ApiError } from '../http/errors.ts'
import type { AppEnv } from '../http/env.ts'
import { jsonBody } from '../http/validate.ts'
import { fetchRemoteToFile } from '../media/fetch-remote.ts'
import { presetKind, type UploadableMediaType } from '../media/media-types.ts'
import { uploadAnswer } from '../media/upload-answer.ts'
import { serveMedia } from '../media/serve.ts'
import type { MediaCatalog } from '../media/catalog.ts'
import type { MediaLinks } from '../media/links.ts'
import type { MediaStore, StoredObject } from '../media/store.ts'
import { invalidTypeMessage, remoteFetchApiError, uploadApiError } from './upload-errors.ts'
import { receiveUpload, UploadRejectedError } from '../media/upload.ts'
import { probeDurationSeconds } from '../render/probe.ts'

// Media upload (spec §7: multipart `file` + `upload_preset`, answered with
// `secure_url` like the hosted media service) and the stored files themselves.
// Mount with `app.route('/', createMediaRoutes(deps))`: the paths are absolute.

export interface MediaRoutesDeps {
  store: MediaStore
  /** Who owns what (server/media/catalog.ts). */
  catalog: MediaCatalog
  links: MediaLinks
  /** Guards the upload: the server's requireUser() (server/auth/middleware.ts). */
  requireUser: MiddlewareHandler<AppEnv>
  /** The request's signed-in user id or null without a token: the server's optionalUser(). */
  optionalUserId(c: Context<AppEnv>): Promise<string | null>
  /** Length of an uploaded audio or video in seconds (default: ffmpeg). */
  probeDurationSeconds?: (file: string) => Promise<number>
  /** The SSRF-safe downloader (default: public addresses only). Tests pass one trusting their local server. */
  fetchRemoteToFile?: typeof fetchRemoteToFile
}

/** spec-silent: how long a user's audio URL may take to download (well under a request timeout). */
const AUDIO_URL_TIMEOUT_MS = 30_000

export function createMediaRoutes(deps: MediaRoutesDeps): Hono<AppEnv> {
  const { store, catalog, links } = deps
  const probe = deps.probeDurationSeconds ?? probeDurationSeconds
  const fetchRemote = deps.fetchRemoteToFile ?? fetchRemoteToFile
  const app = new Hono<AppEnv>()

  /** Moves a checked temp file into the store as the user's and answers it with a signed link. */
  async function keep(
    c: Context<AppEnv>,
    file: string,
    type: UploadableMediaType,
    duration: number | undefined,
  ): Promise<{ saved: StoredObject; result: UploadResult }> {
    const saved = await store.putFile(file, type).finally(() => rm(file, { force: true }))
    // A file the catalogue does not name is never deleted by anyone: it goes now (docs/decisions/0268).
    const recorded = await catalog.record(saved, c.var.user.id).catch(async (error: unknown) => {
      await store.delete(saved.key)
      throw error
    })
    if (recorded === 'owner_gone') {
      await store.delete(saved.key)
      c.var.log.info({ userId: c.var.user.id }, 'upload finished after its account was deleted; not kept')
      throw accountDeletedError()
    }
    return { saved, result: uploadAnswer({ key: saved.key, bytes: saved.bytes, type }, links.sign(saved.key), duration) }
  }

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
      dir: store.tempDir,
      signal: c.req.raw.signal,
    }).catch((error: unknown) => {
      // Phones lose their connection mid-upload all the time: routine, not an error.
      if (error instanceof UploadRejectedError && error.problem === 'aborted') c.var.log.info({ userId: c.var.user.id }, 'upload aborted by the client')
      throw uploadApiError(error)
    })
    const { kind } = upload.type
    const duration = kind === 'image' ? undefined : await durationOrRefuse(upload.tempFile, kind)
    const { saved, result } = await keep(c, upload.tempFile, upload.type, duration)
    c.var.log.info({ userId: c.var.user.id, media: saved.key, kind, bytes: saved.bytes }, 'media uploaded')
    return c.json<UploadResult>(result)
  })

  // Audio by URL (spec §2, §5): downloaded here, never by the browser, so the
  // CSP stays 'self' and the URL cannot reach inside our network (docs/quality.md).
  app.post(MEDIA_FETCH_PATH, deps.requireUser, async (c) => {
    const body = await jsonBody(c, fetchMediaRequestSchema)
    if (presetKind(body.upload_preset) !== 'audio') {
      throw new ApiError(400, 'validation_failed', 'upload_preset: only audio can be loaded from a URL')
    }
    const remote = await fetchRemote(body.url, {
      maxBytes: MAX_UPLOAD_BYTES, // spec §9: 10 MB
      allowedContentTypes: AUDIO_URL_TYPES, // spec §5, then sniffed
      timeoutMs: AUDIO_URL_TIMEOUT_MS,
      dir: store.tempDir,
      kind: 'audio',
      signal: c.req.raw.signal,
    }).catch((error: unknown) => {
      throw remoteFetchApiError(error)
    })
    const duration = await durationOrRefuse(remote.path, remote.type.kind)
    const { saved, result } = await keep(c, remote.path, remote.type, duration)
    c.var.log.info(
      { userId: c.var.user.id, media: saved.key, kind: remote.type.kind, bytes: saved.bytes, host: new URL(body.url).host },
      'media fetched from a URL',
    )
    return c.json<UploadResult>(result)
  })

  // Private to the owner: a signed link (what <video src>, downloads and the
  // video provider use) or the owner's token (docs/decisions/0221).
  app.get('/media/:key', (c) =>
    serveMedia(store, { links, requestUserId: () => deps.optionalUserId(c), ownerOf: (key) => catalog.ownerOf(key) }, c.req.param('key'), c.req.raw),
  )

  return app
}
