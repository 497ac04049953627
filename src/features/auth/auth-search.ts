import type { SearchSchemaInput } from '@tanstack/react-router'

// The /auth search. The identity service's emailed links follow the custom
// action handler convention, `?mode=<action>&oobCode=<code>` (spec §4 "Password
// reset by emailed link with code", email verification). /auth without a query
// is the plain sign-in card; any other or malformed mode is ignored (docs/decisions/0113).

export const AUTH_LINK_MODES = ['resetPassword', 'verifyEmail'] as const

type AuthLinkMode = (typeof AUTH_LINK_MODES)[number]

export interface AuthSearch {
  mode?: AuthLinkMode
  oobCode?: string
}

const isLinkMode = (value: unknown): value is AuthLinkMode => AUTH_LINK_MODES.some((mode) => mode === value)

/**
 * The search as the card reads it, from whatever the address holds. Plain code rather than a schema: it runs with the
 * route tree on every screen, where a schema library would cost every first visit
 * (docs/decisions/0203).
 */
export function parseAuthSearch(search: Record<string, unknown>): AuthSearch {
  const oobCode = typeof search.oobCode === 'string' ? search.oobCode.trim() : ''
  return {
    ...(isLinkMode(search.mode) ? { mode: search.mode } : {}),
    ...(oobCode ? { oobCode } : {}),
  }
}

/** For the route: linking here needs neither key (the router reads the input type off `parse`). */
export const authSearchSchema = {
  parse: (search: { mode?: unknown; oobCode?: unknown } & SearchSchemaInput): AuthSearch => parseAuthSearch(search),
}

/** An emailed link the card has to act on, or null for the plain card. */
export type EmailedLink = { mode: AuthLinkMode; oobCode: string }

export function emailedLinkOf(search: AuthSearch): EmailedLink | null {
  return search.mode && search.oobCode ? { mode: search.mode, oobCode: search.oobCode } : null
}
