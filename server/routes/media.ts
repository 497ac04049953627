import { rm } from 'node:fs/promises'
import { Hono, type MiddlewareHandler } from 'hono'
import { MEDIA_UPLOAD_PATH, type UploadResult } from '../../src/contract/media.ts'
import { ApiError } from '../http/errors.ts'
import type { AppEnv } from '../http/env.ts'
import { serveMedia } from '../media/serve.ts'
import type { MediaStore } from '../media/store.ts'
import { invalidTypeMessage, uploadApiError } from '../media/upload-errors.ts'
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
}

export function createMediaRoutes(deps: MediaRoutesDeps): Hono<AppEnv> {
  const { store } = deps
  const probe = deps.probeDurationSeconds ?? probeDurationSeconds
  const app = new Hono<AppEnv>()

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
    let duration: number | undefined
    if (kind !== 'image') {
      // Right magic bytes but no playable media (a polyglot or a truncated file) is refused too.
      duration = await probe(upload.tempFile).catch(async () => {
        await rm(upload.tempFile, { force: true })
        throw new ApiError(415, 'invalid_file_type', invalidTypeMessage(kind))
      })
    }
    const saved = await store.save(upload.tempFile, { kind, ext, contentType, ownerUserId: c.var.user.id })
    c.var.log.info({ userId: c.var.user.id, media: saved.name, kind, bytes: saved.bytes }, 'media uploaded')
    return c.json<UploadResult>({
      secure_url: saved.url,
      url: saved.url,
      public_id: saved.name.slice(0, saved.name.lastIndexOf('.')),
      bytes: saved.bytes,
      resource_type: kind === 'image' ? 'image' : 'video',
      format: ext,
      kind,
      ...(duration === undefined ? {} : { duration }),
      created_at: new Date().toISOString(),
    })
  })

  // Public by unguessable name, like the hosted service's URLs: <video src> and
  // the video provider fetch them without a token (docs/decisions/0081).
  app.get('/media/:name', (c) => serveMedia(store, c.req.param('name'), c.req.raw))

  return app
}
