import { Hono } from 'hono'
import type { Kysely } from 'kysely'
import { contactRequestSchema, type FormResponse } from '../../contract/messages.ts'
import { emailSchema } from '../../contract/users.ts'
import { assertOwnUidOrId, optionalUser } from '../auth/middleware.ts'
import type { Database } from '../db/schema.ts'
import { saveContactMessage } from '../domain/messages.ts'
import type { AppEnv } from '../http/env.ts'
import { ApiError } from '../http/errors.ts'
import type { RateLimiter } from '../http/rate-limit.ts'
import { jsonBody } from '../http/validate.ts'

const SENT: FormResponse = {
  success: true,
  message: 'Your message was sent successfully. We will reply within 48 hours.',
}

/** POST /api/messages/v1/new (spec §7). Signed-in senders use their own record (spec §6). */
export function createMessageRoutes(deps: { db: Kysely<Database>; formLimiter: RateLimiter }) {
  return new Hono<AppEnv>().post('/new', async (c) => {
    const user = await optionalUser(c)
    // Per visitor's address, or per account: a signed-in sender is limited as a visitor is (docs/decisions/0271).
    if (user === null) await deps.formLimiter.take(c)
    else await deps.formLimiter.takeForUser(c, user.id)
    const body = await jsonBody(c, contactRequestSchema)
    // The honeypot was filled: answer like a success and keep nothing.
    if (body.website) {
      c.var.log.info('contact: honeypot filled, dropped')
      return c.json(SENT)
    }
    if (user !== null) {
      assertOwnUidOrId(c, body.userId)
      await saveContactMessage(deps.db, { userId: user.id, userName: user.name, email: user.email, subject: body.subject, message: body.message })
      return c.json(SENT)
    }
    if ((body.userId ?? null) !== null) throw new ApiError(401, 'missing_token', 'Sign in to send a message as a user')
    // spec §5: signed-out visitors must give a valid email.
    const email = emailSchema.safeParse(body.email ?? '')
    if (!email.success) throw new ApiError(400, 'validation_failed', 'email: Please enter a valid email address.')
    await saveContactMessage(deps.db, { userId: null, userName: body.userName, email: email.data, subject: body.subject, message: body.message })
    return c.json(SENT)
  })
}
