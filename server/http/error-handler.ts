import type { Context } from 'hono'
import { HTTPException } from 'hono/http-exception'
import type { ApiErrorBody } from '../../contract/errors.ts'
import type { AppEnv } from './env.ts'
import { ApiError } from './errors.ts'

/**
 * Maps every thrown error to `{ message, code }` once, for the whole API. Domain
 * errors arrive here already translated: each route maps its own (server/routes/fal.ts).
 */
export function handleError(error: Error, c: Context<AppEnv>): Response {
  if (error instanceof ApiError) {
    // The browser drops its HTTP cache of this origin, deleted videos included (docs/decisions/0260).
    if (error.code === 'account_deleted') c.header('Clear-Site-Data', '"cache"')
    return c.json<ApiErrorBody>({ message: error.message, code: error.code }, error.status)
  }
  if (error instanceof HTTPException && error.status === 413) {
    return c.json<ApiErrorBody>({ message: 'The request body is too large', code: 'payload_too_large' }, 413)
  }
  if (error instanceof HTTPException && error.status < 500) {
    return c.json<ApiErrorBody>({ message: error.message || 'Bad request', code: 'validation_failed' }, error.status)
  }
  c.var.log.error({ err: error }, 'unhandled error')
  return c.json<ApiErrorBody>({ message: 'Something went wrong on our side. Please try again later.', code: 'internal_error' }, 500)
}

export function handleNotFound(c: Context<AppEnv>): Response {
  return c.json<ApiErrorBody>({ message: `No such endpoint: ${c.req.method} ${c.req.path}`, code: 'not_found' }, 404)
}
