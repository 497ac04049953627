import type { Context } from 'hono'
import type { z } from 'zod'
import { ApiError } from './errors.ts'

/** A readable one-line summary of zod issues: "email: Invalid email address; name: Required". */
export function describeIssues(error: z.ZodError): string {
  return error.issues.map((issue) => (issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message)).join('; ')
}

/**
 * Where the first U+0000 sits in a parsed JSON value (a field's path), or null.
 * PostgreSQL cannot store it in text while SQLite can, so it is refused here,
 * once for every JSON body, and both databases give the same answer.
 */
export function findNulCharacter(value: unknown, at: readonly (string | number)[] = []): string | null {
  if (typeof value === 'string') return value.includes('\0') ? (at.length > 0 ? at.join('.') : 'body') : null
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = findNulCharacter(item, [...at, index])
      if (found !== null) return found
    }
    return null
  }
  if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      if (key.includes('\0')) return [...at, key.replaceAll('\0', '\\0')].join('.')
      const found = findNulCharacter(item, [...at, key])
      if (found !== null) return found
    }
  }
  return null
}

/**
 * The request's JSON body, validated: malformed JSON and a wrong shape both
 * answer a clear 400 before anything changes (docs/quality.md: bad input). The
 * body is read whole: apiBodyLimit (body-limit.ts) caps it before it gets here.
 */
export async function jsonBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  let raw: unknown
  try {
    raw = JSON.parse(await c.req.text())
  } catch {
    throw new ApiError(400, 'invalid_json', 'The request body is not valid JSON')
  }
  const nulAt = findNulCharacter(raw)
  if (nulAt !== null) throw new ApiError(400, 'validation_failed', `${nulAt}: must not contain the character U+0000`)
  const parsed = schema.safeParse(raw)
  if (!parsed.success) throw new ApiError(400, 'validation_failed', describeIssues(parsed.error))
  return parsed.data
}
