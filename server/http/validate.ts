import type { Context } from 'hono'
import type { z } from 'zod'
import { ApiError } from './errors.ts'

/** A readable one-line summary of zod issues: "email: Invalid email address; name: Required". */
export function describeIssues(error: z.ZodError): string {
  return error.issues.map((issue) => (issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message)).join('; ')
}

/**
 * The request's JSON body, validated: malformed JSON and a wrong shape both
 * answer a clear 400 before anything changes (quality.md: bad input). The
 * body is read whole: apiBodyLimit (body-limit.ts) caps it before it gets here.
 */
export async function jsonBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  let raw: unknown
  try {
    raw = JSON.parse(await c.req.text())
  } catch {
    throw new ApiError(400, 'invalid_json', 'The request body is not valid JSON')
  }
  const parsed = schema.safeParse(raw)
  if (!parsed.success) throw new ApiError(400, 'validation_failed', describeIssues(parsed.error))
  return parsed.data
}
