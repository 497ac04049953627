import { useLingui } from '@lingui/react/macro'
import type { JobFailure } from '@/jobs/types'
import type { ServerFailure } from '../generation-messages'
import { MAX_VIDEO_UPLOAD_BYTES } from '@contract/constants'
import type { VideoRefusal } from './use-input-video'
import type { AudioRefusal } from './use-lip-sync-audio'

/**
 * spec §8 lipsync_error keys, as the form meets them. The first four are
 * checked before any call (spec §5 lip sync rules); the rest come from the job.
 */
export type LipSyncError =
  | 'signin_error'
  | 'audio_error'
  | 'upload_video'
  | 'invalid_audio'
  | 'user_credential'
  | 'one_time_generate'
  | 'not_enough_token'
  | 'user_not'
  | 'failed_to_generate'

/** The job's failures as lipsync_error keys; a server text without a code is failed_to_generate with it as a detail. */
export function lipSyncErrorOf(failure: JobFailure): LipSyncError | ServerFailure {
  return failure.code === 'server' ? { detail: failure.message } : failure.code
}

/** Every lip-sync message in one place, translated, mapped once from the contract's codes. */
export function useLipSyncMessages() {
  const { t } = useLingui()
  const videoLimitMb = MAX_VIDEO_UPLOAD_BYTES / (1024 * 1024)
  const invalidAudio = t`This audio has no length or cannot be played. Please use an audio file longer than 0 seconds.`
  const errors: Record<LipSyncError, string> = {
    signin_error: t`Please log in to the system to generate the video.`,
    audio_error: t`Please add the audio first: upload a file, record your voice or load an audio URL.`,
    upload_video: t`Please add a video to lip sync.`,
    invalid_audio: invalidAudio,
    user_credential: t`Unable to verify user credentials. Please try again.`,
    one_time_generate: t`You can only generate one video at a time. Please wait for the current video to finish generating.`,
    not_enough_token: t`You don't have enough credits to generate the video.`,
    user_not: t`User not found`,
    failed_to_generate: t`Failed to generate video. Please try again later.`,
  }
  const audioRefusals: Record<AudioRefusal, string> = {
    invalid_type: t`Invalid file type. Please upload a file with one of the following formats.`,
    too_large: t`File is too large. Please upload a file smaller than 10MB.`,
    unsupported_url: t`Unsupported file type or URL. Please upload a file in one of the supported formats listed below.`,
    not_a_url: t`This is not a web address. Enter the full link to the audio file, starting with https://.`,
    url_not_allowed: t`This address cannot be loaded: it points to a private or local network. Use a public link to the audio file.`,
    url_unreachable: t`No audio file came from this address: the site did not answer, refused or took too long. Check that the link opens in your browser, then try again.`,
    invalid_audio: invalidAudio,
    upload_failed: t`The audio could not be loaded. Please check your connection and try again.`,
  }
  const videoRefusals: Record<VideoRefusal, string> = {
    invalid_type: t`Invalid file type. Please upload a video file in one of the following formats: mp4, mov, webm, m4v`,
    too_large: t`File is too large. Please upload a video smaller than ${videoLimitMb}MB.`,
    upload_failed: t`Failed to Upload the video. Please try again later.`,
  }
  return { errors, audioRefusals, videoRefusals }
}
