import { rm } from 'node:fs/promises'
import { Hono, type Context, type MiddlewareHandler } from 'hono'
import type { Logger } from 'pino'
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

/** Who uploads: the signed-in user (or the owner of an API key) and the request's logger. */
export interface Uploader {
  userId: string
  log: Logger
}

export interface MediaUploader {
  /** Moves a checked temp file into the store as the user's; answers it with a signed link. */
  keep(owner: Uploader, file: string, type: UploadableMediaType, duration: number | undefined): Promise<{ saved: StoredObject; result: UploadResult }>
  /** The length of an audio or video, or 415 (the temp file removed) when it does not play. */
  durationOrRefuse(file: string, kind: MediaKind): Promise<number>
  /**
   * Receives the request's multipart upload (`file` and the kind's field, the app's
   * `upload_preset` by default), checks it like every upload and keeps it as the user's.
   */
  receive(request: Request, owner: Uploader, kindField?: string): Promise<{ saved: StoredObject; result: UploadResult }>
}

/** The upload's steps, shared by the app's upload call and the developer API's (server/public-api/). */
export function createMediaUploader(deps: Pick<MediaRoutesDeps, 'store' | 'catalog' | 'links' | 'probeDurationSeconds'>): MediaUploader {
  const { store, catalog, links } = deps
  const probe = deps.probeDurationSeconds ?? probeDurationSeconds

  async function keep(owner: Uploader, file: string, type: UploadableMediaType, duration: number | undefined) {
    const saved = await store.putFile(file, type).finally(() => rm(file, { force: true }))
    // A file the catalogue does not name is never deleted by anyone: it goes now (docs/decisions/0268).
    const recorded = await catalog.record(saved, owner.userId).catch(async (error: unknown) => {
      await store.delete(saved.key)
      throw error
    })
    if (recorded === 'owner_gone') {
      await store.delete(saved.key)
      owner.log.info({ userId: owner.userId }, 'upload finished after its account was deleted; not kept')
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

  return {
    keep,
    durationOrRefuse,
    async receive(request, owner, kindField) {
      const upload = await receiveUpload({
        body: request.body,
        contentType: request.headers.get('content-type') ?? undefined,
        contentLength: request.headers.get('content-length') ?? undefined,
        dir: store.tempDir,
        signal: request.signal,
        ...(kindField === undefined ? {} : { kindField }),
      }).catch((error: unknown) => {
        // Phones lose their connection mid-upload all the time: routine, not an error.
        if (error instanceof UploadRejectedError && error.problem === 'aborted') owner.log.info({ userId: owner.userId }, 'upload aborted by the client')
        throw uploadApiError(error)
      })
      const { kind } = upload.type
      const duration = kind === 'image' ? undefined : await durationOrRefuse(upload.tempFile, kind)
      const kept = await keep(owner, upload.tempFile, upload.type, duration)
      owner.log.info({ userId: owner.userId, media: kept.saved.key, kind, bytes: kept.saved.bytes }, 'media uploaded')
      return kept
    },
  }
}

const ownerOf = (c: Context<AppEnv>): Uploader => ({ userId: c.var.user.id, log: c.var.log })

export function createMediaRoutes(deps: MediaRoutesDeps): Hono<AppEnv> {
  const { store, catalog, links } = deps
  const fetchRemote = deps.fetchRemoteToFile ?? fetchRemoteToFile
  const uploader = createMediaUploader(deps)
  const app = new Hono<AppEnv>()

  app.post(MEDIA_UPLOAD_PATH, deps.requireUser, async (c) => c.json<UploadResult>((await uploader.receive(c.req.raw, ownerOf(c))).result))

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
    const duration = await uploader.durationOrRefuse(remote.path, remote.type.kind)
    const { saved, result } = await uploader.keep(ownerOf(c), remote.path, remote.type, duration)
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
