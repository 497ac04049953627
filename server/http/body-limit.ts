import type { Context, MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import type { ApiErrorBody } from '../../contract/errors.ts'
import { MEDIA_UPLOAD_PATH } from '../../contract/media.ts'
import { FAL_WEBHOOK_PATH } from '../config/jobs.ts'
import { PUBLIC_API_PATHS } from '../../contract/public-api/paths.ts'

// docs/quality.md: bad input is refused before anything changes. JSON bodies are
// read whole, so /api caps them: a form or a generation request is a few kB.
// Stripe's events run larger (their objects nest line items and metadata);
// the media uploads (the app's and the developer API's) stream and check their
// own caps while they read (decision 0080).

/** Every JSON body of the API (spec-silent; the largest form is far below it). */
export const MAX_JSON_BODY_BYTES = 64 * 1024
/** Stripe's webhook events. */
export const MAX_WEBHOOK_BODY_BYTES = 1024 * 1024
export const WEBHOOK_PATH = '/api/payment/v1/webhook'

function tooLarge(maxBytes: number) {
  return (c: Context) =>
    c.json<ApiErrorBody>({ message: `The request body is too large (at most ${Math.round(maxBytes / 1024)} kB)`, code: 'payload_too_large' }, 413)
}

const jsonLimit = bodyLimit({ maxSize: MAX_JSON_BODY_BYTES, onError: tooLarge(MAX_JSON_BODY_BYTES) })
const webhookLimit = bodyLimit({ maxSize: MAX_WEBHOOK_BODY_BYTES, onError: tooLarge(MAX_WEBHOOK_BODY_BYTES) })

/** Mount on /api/*: caps every body except the streaming upload's. */
export function apiBodyLimit(): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.path === MEDIA_UPLOAD_PATH || c.req.path === PUBLIC_API_PATHS.media) return next()
    return c.req.path === WEBHOOK_PATH || c.req.path === FAL_WEBHOOK_PATH ? webhookLimit(c, next) : jsonLimit(c, next)
  }
}
