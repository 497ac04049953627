import { Hono } from 'hono'
import type { Kysely } from 'kysely'
import type { Balance, UploadedMedia } from '../../contract/public-api/account.ts'
import { PUBLIC_API_PATHS } from '../../contract/public-api/paths.ts'
import type { Database } from '../db/schema.ts'
import { balanceHundredths } from '../domain/credits.ts'
import type { MediaUploader } from '../routes/media.ts'
import type { PublicApiEnv } from './env.ts'
import { routePath } from './generation-routes.ts'
import { requireScope } from './key-auth.ts'

// The balance and the upload of an input file (docs/decisions/0400). The
// upload is the app's (server/routes/media.ts): the same types, sizes and
// checks; the field naming the kind is `kind` here.

export function createAccountRoutes(deps: { db: Kysely<Database>; uploader: MediaUploader }): Hono<PublicApiEnv> {
  return new Hono<PublicApiEnv>()
    .get(routePath(PUBLIC_API_PATHS.balance), async (c) => c.json<Balance>({ credits: (await balanceHundredths(deps.db, c.var.user.id)) / 100 }))
    .post(routePath(PUBLIC_API_PATHS.media), requireScope('generations:write'), async (c) => {
      const { saved, result } = await deps.uploader.receive(c.req.raw, { userId: c.var.user.id, log: c.var.log }, 'kind')
      return c.json<UploadedMedia>(
        {
          url: result.secure_url,
          kind: result.kind,
          content_type: saved.type.contentType,
          bytes: saved.bytes,
          duration_seconds: result.duration ?? null,
        },
        201,
      )
    })
}
