// zod/mini: route search schemas sit in the entry chunk (quality.md budgets).
import * as z from 'zod/mini'

// The /auth search. The identity service's emailed links follow the custom
// action handler convention, `?mode=<action>&oobCode=<code>` (spec §4 "Password
// reset by emailed link with code", email verification). /auth without a query
// is the plain sign-in card; any other or malformed mode is ignored (docs/decisions/0113).

export const AUTH_LINK_MODES = ['resetPassword', 'verifyEmail'] as const

export const authSearchSchema = z.object({
  mode: z.catch(z.optional(z.enum(AUTH_LINK_MODES)), undefined),
  oobCode: z.catch(z.optional(z.string().check(z.trim(), z.minLength(1))), undefined),
})

export type AuthSearch = z.output<typeof authSearchSchema>

/** An emailed link the card has to act on, or null for the plain card. */
export type EmailedLink = { mode: (typeof AUTH_LINK_MODES)[number]; oobCode: string }

export function emailedLinkOf(search: AuthSearch): EmailedLink | null {
  return search.mode && search.oobCode ? { mode: search.mode, oobCode: search.oobCode } : null
}
