import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'

// The reference's words in the reader's language. The document
// (contract/public-api/openapi.json) is English; each call, webhook event and
// error code it names has its title and sentence here too, and a test checks
// that none is missing (developer-texts.test.ts).

export const OPERATION_TEXTS: Record<string, { summary: MessageDescriptor; description: MessageDescriptor }> = {
  createUgcActor: {
    summary: msg`Create a UGC actor video`,
    description: msg`A talking actor from a prompt, 9:16 at 1080p. Costs 1.75 credits, 2.00 enhanced, held at once and given back if it fails.`,
  },
  createLipSync: {
    summary: msg`Create a lip sync`,
    description: msg`A video's face speaks an audio file. Costs the audio's started minutes times the model's rate; the audio is measured before any charge.`,
  },
  createConsistentActor: {
    summary: msg`Create a consistent actor video`,
    description: msg`The same face, from an image, in a new scene from a prompt. Costs 2.00 credits.`,
  },
  getGeneration: { summary: msg`Read a generation`, description: msg`Its status, progress, video link once completed, or why it failed.` },
  listGenerations: {
    summary: msg`List generations`,
    description: msg`The account's generations of every kind, newest first, a page at a time: pass next_cursor as cursor for the next.`,
  },
  uploadMedia: {
    summary: msg`Upload an input file`,
    description: msg`A video, an audio or an image to use as an input, as multipart/form-data. Audio and images up to 10 MB, videos up to 100 MB. Files no generation uses are deleted after a week.`,
  },
  getBalance: { summary: msg`Read the balance`, description: msg`The credits the account holds. Any key may read it.` },
  getOpenApiDocument: { summary: msg`This document`, description: msg`The OpenAPI 3.1 document of this API. Needs no key.` },
}

export const WEBHOOK_TEXTS: Record<string, MessageDescriptor> = {
  'generation.completed': msg`A generation completed. Its data is the generation, with its video link.`,
  'generation.failed': msg`A generation failed. Its data is the generation, with the error; the credits were given back.`,
  ping: msg`A test from the Account screen, sent once when you press Send test.`,
}

export const ERROR_TEXTS: Record<string, MessageDescriptor> = {
  missing_token: msg`No Authorization: Bearer key was sent.`,
  invalid_api_key: msg`This is not an API key, or it was revoked.`,
  account_deleted: msg`The key's account was deleted.`,
  rate_limited: msg`The key is over its rate limit; Retry-After says when to try again.`,
  insufficient_scope: msg`The key lacks the scope this call needs.`,
  invalid_json: msg`The body is not JSON.`,
  validation_failed: msg`A field, parameter or header is missing, wrong or unknown; detail names it.`,
  payload_too_large: msg`The body is over 64 kB.`,
  forbidden: msg`An input URL names another account's upload.`,
  url_not_allowed: msg`An outside input URL is not https.`,
  insufficient_credits: msg`The credits do not cover the price; nothing is charged.`,
  generation_in_progress: msg`Another generation is queued or running (one at a time); generation_id names it.`,
  idempotency_key_in_use: msg`A request with the same Idempotency-Key is still running.`,
  idempotency_key_reused: msg`The Idempotency-Key was used with another request.`,
  generation_failed: msg`The video service refused the job; the credits are given back.`,
  not_found: msg`No generation of this account has that id.`,
  file_too_large: msg`The file is over the size for its kind.`,
  invalid_file_type: msg`The bytes are not a supported file of that kind, or do not play.`,
}
