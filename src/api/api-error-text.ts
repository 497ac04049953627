import { useLingui } from '@lingui/react/macro'
import type { ApiErrorCode } from '@contract/errors'

// The server answers every refusal as `{ message, code }` (contract/errors.ts).
// `message` is English for logs; the screen says what `code` means in the
// user's language (docs/decisions/0253). Where the spec gives wording, it is used.
// The code is read from an answer by ./api-error-code.ts, with the calls: a screen
// that only shows the texts carries no schema library (docs/decisions/0208).

/** What each refusal means for the user, translated; `internal_error` and the like say only that it failed. */
export function useApiErrorText(): Record<ApiErrorCode, string> {
  const { t } = useLingui()
  const invalid = t`Some of what you sent is not valid. Please check it and try again.`
  const credentials = t`Unable to verify user credentials. Please try again.`
  const ourSide = t`Something went wrong on our side. Please try again later.`
  return {
    invalid_json: invalid,
    validation_failed: invalid,
    payload_too_large: t`That is too large to send.`,
    not_found: t`We could not find that. It may have been removed.`,
    rate_limited: t`Too many requests came from here. Please wait a few minutes and try again.`,
    busy: t`Actorly is busy right now. Please try again in a few seconds.`,
    missing_token: credentials,
    invalid_token: credentials,
    token_expired: credentials,
    token_revoked: credentials,
    email_not_verified: t`Please verify your email address`,
    email_mismatch: t`That is only possible for your own account.`,
    email_taken: t`This email is already registered`,
    user_not_found: t`User not found`,
    forbidden: t`That is only possible for your own account.`,
    insufficient_credits: t`You don't have enough credits to generate the video.`,
    generation_in_progress: t`You can only generate one video at a time. Please wait for the current video to finish generating.`,
    generation_failed: t`Failed to generate video. Please try again later.`,
    voice_in_progress: t`A voice is already being made. Please wait until it is ready.`,
    captions_unavailable: t`The captions could not be timed. Type what is said, then try again.`,
    unknown_price: t`This plan cannot be bought right now. Please choose another one.`,
    checkout_not_open: t`This checkout is no longer open.`,
    payment_provider_error: t`The payment service could not be reached. Please try again later.`,
    webhook_signature_invalid: ourSide,
    invalid_file_type: t`Invalid file type. Please upload a file with one of the following formats.`,
    file_too_large: t`File is too large. Please upload a file smaller than 10MB.`,
    url_not_allowed: t`Unsupported file type or URL. Please upload a file in one of the supported formats listed below.`,
    upstream_failed: t`Another service did not answer. Please try again later.`,
    push_endpoint_not_allowed: t`Notifications cannot be turned on in this browser: we can send them only through the push services of the major browsers, such as Chrome, Edge, Firefox and Safari.`,
    account_deleted: t`This account was deleted.`,
    invalid_api_key: credentials,
    insufficient_scope: t`That is only possible for your own account.`,
    idempotency_key_reused: invalid,
    idempotency_key_in_use: t`This is already being done. Please wait a moment.`,
    limit_reached: t`You have reached the limit. Remove one first.`,
    recent_sign_in_required: t`Please confirm your sign-in again to delete your account.`,
    demo_account_protected: t`The demo account is shared by everyone who tries Actorly, so it cannot be deleted and its password cannot be changed.`,
    internal_error: ourSide,
  }
}
