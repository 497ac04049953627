import type { Context, MiddlewareHandler } from 'hono'
import { HTTPException } from 'hono/http-exception'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { apiErrorBodySchema, type ApiErrorCode } from '../../contract/errors.ts'
import { PROBLEM_CONTENT_TYPE, type Problem } from '../../contract/public-api/account.ts'
import type { AppEnv } from '../http/env.ts'
import { ApiError } from '../http/errors.ts'

// Every refusal of the developer API is RFC 9457 problem details
// (docs/decisions/0402): the app's `{ message, code }` becomes `detail` and
// `code`, with a `type` link to the code on the developer page and the
// request id as `instance`. The routes' own errors are rendered here; what
// the app's shell answers before them (an unknown path, a body too large) is
// rewritten on the way out by publicApiProblems().

/** An ApiError with members of its own in the problem body (e.g. the running generation's id). */
export class PublicApiError extends ApiError {
  override name = 'PublicApiError'
  readonly extensions: Pick<Problem, 'generation_id'>
  constructor(status: ContentfulStatusCode, code: ApiErrorCode, message: string, extensions: Pick<Problem, 'generation_id'> = {}) {
    super(status, code, message)
    this.extensions = extensions
  }
}

/** The code in words: the same title for every occurrence (RFC 9457 §3.1.3). */
export function problemTitle(code: ApiErrorCode): string {
  const words = code.replaceAll('_', ' ')
  return `${words.charAt(0).toUpperCase()}${words.slice(1)}`
}

export function problemOf<E extends AppEnv>(
  c: Context<E>,
  publicOrigin: string,
  status: number,
  code: ApiErrorCode,
  detail: string,
  extensions: Pick<Problem, 'generation_id'> = {},
): Problem {
  return {
    type: new URL(`/developers#error-${code}`, publicOrigin).href,
    title: problemTitle(code),
    status,
    detail,
    code,
    instance: `urn:actorly:request:${c.var.requestId}`,
    ...extensions,
  }
}

function problemResponse<E extends AppEnv>(c: Context<E>, publicOrigin: string, error: ApiError, extensions: Pick<Problem, 'generation_id'> = {}): Response {
  c.header('Content-Type', PROBLEM_CONTENT_TYPE)
  return c.body(JSON.stringify(problemOf(c, publicOrigin, error.status, error.code, error.message, extensions)), error.status)
}

/** The developer API's error handler (its Hono app's onError). */
export function handlePublicError<E extends AppEnv>(publicOrigin: string) {
  return (error: Error, c: Context<E>): Response => {
    if (error instanceof PublicApiError) return problemResponse(c, publicOrigin, error, error.extensions)
    if (error instanceof ApiError) return problemResponse(c, publicOrigin, error)
    if (error instanceof HTTPException && error.status === 413)
      return problemResponse(c, publicOrigin, new ApiError(413, 'payload_too_large', 'The request body is too large'))
    if (error instanceof HTTPException && error.status < 500)
      return problemResponse(c, publicOrigin, new ApiError(400, 'validation_failed', error.message || 'Bad request'))
    c.var.log.error({ err: error }, 'unhandled error')
    return problemResponse(c, publicOrigin, new ApiError(500, 'internal_error', 'Something went wrong on our side. Please try again later.'))
  }
}

/**
 * Mount on /api/public/* ahead of the shell's other middleware: an answer the
 * shell gave as `{ message, code }` (no such path, a body over the limit)
 * leaves as problem details too.
 */
export function publicApiProblems(publicOrigin: string): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next()
    if (c.res.status < 400 || !(c.res.headers.get('content-type') ?? '').startsWith('application/json')) return
    const body = apiErrorBodySchema.safeParse(
      await c.res
        .clone()
        .json()
        .catch(() => null),
    )
    if (!body.success) return
    const headers = new Headers(c.res.headers)
    headers.set('content-type', PROBLEM_CONTENT_TYPE)
    headers.delete('content-length')
    const problem = problemOf(c, publicOrigin, c.res.status, body.data.code, body.data.message)
    c.res = new Response(JSON.stringify(problem), { status: c.res.status, headers })
  }
}
