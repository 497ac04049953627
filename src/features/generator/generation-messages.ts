import { useLingui } from '@lingui/react/macro'
import type { JobFailure } from '@/jobs/types'
import { SEED_MAX, SEED_MIN } from '@contract/constants'

/**
 * spec §8 ugc_error.* and consistent_error.* keys. The form checks the first
 * ones before any call (spec §5); the job reports the rest (src/jobs/types.ts).
 */
export type GenerationError =
  | 'signin_error'
  | 'prompt_required'
  | 'image_required'
  | 'invalid_img'
  | 'file_too_large'
  | 'error_occured'
  | 'user_credential'
  | 'one_time_generate'
  | 'not_enough_token'
  | 'failed_to_generate'

/** failed_to_generate with the server's own words, which have no code to translate (decision 0253). */
export interface ServerFailure {
  detail: string
}

/**
 * A job's failure as a §8 key. A status answer's error text (spec §4: "its text
 * is shown") has no code: failed_to_generate, with the text as a detail.
 * UGC and the consistent actor have no user_not key: their nearest is user_credential.
 */
export function generationErrorOf(failure: JobFailure): GenerationError | ServerFailure {
  if (failure.code === 'server') return { detail: failure.message }
  return failure.code === 'user_not' ? 'user_credential' : failure.code
}

/** The server's words to show under the message, if any. */
export function detailOf(error: GenerationError | ServerFailure): string | null {
  return typeof error === 'string' || error.detail.trim() === '' ? null : error.detail
}

/** Every generator message, translated once, in the spec's wording where it gives one. */
export function useGenerationMessages() {
  const { t } = useLingui()
  const errors: Record<GenerationError, string> = {
    signin_error: t`Please log in to the system to generate the video.`,
    prompt_required: t`Please enter a prompt.`,
    image_required: t`Please upload a face image.`,
    invalid_img: t`Invalid file type. Please upload a file with one of the following formats.`,
    file_too_large: t`File is too large. Please upload a file smaller than 10MB.`,
    error_occured: t`An error occurred while uploading the image. Please try again.`,
    user_credential: t`Unable to verify user credentials. Please try again.`,
    one_time_generate: t`You can only generate one video at a time. Please wait for the current video to finish generating.`,
    not_enough_token: t`You don't have enough credits to generate the video.`,
    failed_to_generate: t`Failed to generate video. Please try again later.`,
  }
  const seedOutOfRange = t`The seed must be a whole number from ${SEED_MIN} to ${SEED_MAX}, or blank for a random one.`
  const textOf = (error: GenerationError | ServerFailure): string => (typeof error === 'string' ? errors[error] : errors.failed_to_generate)
  return { errors, seedOutOfRange, textOf }
}
