// The developer API's paths (docs/decisions/0400): a version prefix of its own,
// apart from the app's calls. `{id}` is an OpenAPI path parameter.

export const PUBLIC_API_PREFIX = '/api/public/v1'

export const PUBLIC_API_PATHS = {
  createUgcActor: `${PUBLIC_API_PREFIX}/generations/ugc-actor`,
  createLipSync: `${PUBLIC_API_PREFIX}/generations/lip-sync`,
  createConsistentActor: `${PUBLIC_API_PREFIX}/generations/consistent-actor`,
  generations: `${PUBLIC_API_PREFIX}/generations`,
  generation: `${PUBLIC_API_PREFIX}/generations/{id}`,
  media: `${PUBLIC_API_PREFIX}/media`,
  balance: `${PUBLIC_API_PREFIX}/balance`,
  /** The OpenAPI document itself, open to anyone. */
  openapi: `${PUBLIC_API_PREFIX}/openapi.json`,
} as const

/** What a key may do (docs/decisions/0401): start generations (and upload their media), and read them. */
export const API_SCOPES = ['generations:write', 'generations:read'] as const
export type ApiScope = (typeof API_SCOPES)[number]

/** The HTTP header of a retried create (docs/decisions/0403). */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key'
