import { z } from 'zod'

// Every error the API answers is `{ message, code }`: `message` is readable
// English for logs and fallbacks; `code` is stable, and the app maps it to a
// translated message (a typed error per failure the user can meet).
export const API_ERROR_CODES = [
  // request shape
  'invalid_json',
  'validation_failed',
  'payload_too_large',
  'not_found',
  'rate_limited',
  // the instance is doing all the work it may at once: ask again in a few seconds (Retry-After)
  'busy',
  // identity and ownership
  'missing_token',
  'invalid_token',
  'token_expired',
  'token_revoked',
  'email_not_verified',
  'email_mismatch',
  'email_taken',
  'user_not_found',
  'forbidden',
  // account deletion (docs/decisions/0260)
  'account_deleted',
  'recent_sign_in_required',
  'demo_account_protected',
  // money and generation
  'insufficient_credits',
  'generation_in_progress',
  'generation_failed',
  // a voice from a script and captions (beyond the spec; docs/decisions/0232, 0234)
  'voice_in_progress',
  'captions_unavailable',
  'unknown_price',
  'checkout_not_open',
  'payment_provider_error',
  'webhook_signature_invalid',
  // the developer API (docs/decisions/0401, 0403)
  'invalid_api_key',
  'insufficient_scope',
  'idempotency_key_reused',
  'idempotency_key_in_use',
  'limit_reached',
  // media
  'invalid_file_type',
  'file_too_large',
  'url_not_allowed',
  'upstream_failed',
  // push notifications (docs/decisions/0283): the endpoint is not a browser's push service we send to
  'push_endpoint_not_allowed',
  // anything else
  'internal_error',
] as const

export type ApiErrorCode = (typeof API_ERROR_CODES)[number]

export const apiErrorBodySchema = z.object({
  message: z.string(),
  code: z.enum(API_ERROR_CODES),
})
export type ApiErrorBody = z.infer<typeof apiErrorBodySchema>
