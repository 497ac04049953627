import { PUSH_LANGUAGES, type PushLanguage, type PushMessage } from '../../contract/push.ts'
import type { ClaimedDelivery } from './deliveries.ts'

// What a message says (docs/decisions/0280): only what the notification shows
// and where it leads — no prompt, no media link, no name. The service worker
// words it in the subscription's language.

/** How long a push service keeps a message for a device that is offline: a day-old "ready" still leads to the video. */
export const PUSH_TTL_SECONDS = 24 * 60 * 60

function languageOf(stored: string): PushLanguage {
  return PUSH_LANGUAGES.find((language) => language === stored) ?? 'en'
}

export function pushMessageOf(delivery: ClaimedDelivery): PushMessage {
  const outcome = delivery.status === 'completed' ? 'completed' : 'failed'
  return {
    type: 'generation-ended',
    requestId: delivery.jobId,
    kind: delivery.kind,
    outcome,
    refunded: outcome === 'failed' && delivery.costHundredths > 0,
    language: languageOf(delivery.language),
  }
}

/** A job's topic (≤ 32 base64url characters): a resent message replaces the one still waiting. */
export function pushTopicOf(jobId: string): string {
  return jobId.replace(/[^A-Za-z0-9]/g, '').slice(0, 32)
}
