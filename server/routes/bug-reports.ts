import { Hono } from 'hono'
import type { Kysely } from 'kysely'
import { bugReportRequestSchema, type FormResponse } from '../../contract/messages.ts'
import { assertOwnUidOrId, optionalUser } from '../auth/middleware.ts'
import type { Database } from '../db/schema.ts'
import { saveBugReport } from '../domain/messages.ts'
import type { AppEnv } from '../http/env.ts'
import { ApiError } from '../http/errors.ts'
import type { RateLimiter } from '../http/rate-limit.ts'
import { jsonBody } from '../http/validate.ts'

const SUBMITTED: FormResponse = { success: true, message: 'Your bug report was submitted successfully. Thank you!' }

/** POST /api/bug-reports/v1/new (spec §7): uid and email when signed in, else null (spec §6). */
export function createBugReportRoutes(deps: { db: Kysely<Database>; formLimiter: RateLimiter }) {
  return new Hono<AppEnv>().post('/new', async (c) => {
    const user = await optionalUser(c)
    // Per visitor's address, or per account: a signed-in sender is limited as a visitor is (docs/decisions/0271).
    if (user === null) await deps.formLimiter.take(c)
    else await deps.formLimiter.takeForUser(c, user.id)
    const body = await jsonBody(c, bugReportRequestSchema)
    if (body.website) {
      c.var.log.info('bug report: honeypot filled, dropped')
      return c.json(SUBMITTED)
    }
    if (user !== null) assertOwnUidOrId(c, body.userId)
    else if ((body.userId ?? null) !== null) throw new ApiError(401, 'missing_token', 'Sign in to report as a user')
    await saveBugReport(deps.db, {
      userId: user?.id ?? null,
      userEmail: user?.email ?? body.userEmail,
      message: body.message,
      attachment: body.attachment,
    })
    return c.json(SUBMITTED)
  })
}
