// Every number of the product spec lives here, once, with its section
// (docs/product.md). Client and server both import this module,
// so it must stay free of DOM and Node APIs.

// ---- §9 Credits and prices. Money on the server is integer hundredths of a credit.
/** §9: 1 credit per 1.75 dollars; credits = floor(amount / 1.75). */
export const DOLLARS_PER_CREDIT = 1.75
/** §9 tiers (dollars). */
export const PRICE_TIERS = {
  starter: 20,
  creator: 35,
  enterprise: 55,
} as const
export type NamedTier = keyof typeof PRICE_TIERS
export type Tier = NamedTier | 'custom'
/** §5 / §9: custom amount limits in dollars, checked after a 500 ms pause. */
export const CUSTOM_AMOUNT_MIN = 20
export const CUSTOM_AMOUNT_MAX = 200
export const CUSTOM_AMOUNT_DEFAULT = 20
export const CUSTOM_AMOUNT_DEBOUNCE_MS = 500
/**
 * Beyond the spec (docs/decisions/0116): the success page asks again about a
 * payment still being processed every PAYMENT_CONFIRM_POLL_MS, at most
 * PAYMENT_CONFIRM_POLL_TRIES times (a minute: a card payment settles well
 * within it), then says so and offers to check again.
 */
export const PAYMENT_CONFIRM_POLL_MS = 3000
export const PAYMENT_CONFIRM_POLL_TRIES = 20
// §2 purchase: the "approximate generation counts at 1080p (5, 8, 11, 20, 31)" are
// derived from the tiers and the UGC cost instead (docs/decisions/0120).

/** §9: UGC costs 1.75 credits, 2 with the enhanced option. */
export const UGC_COST = 1.75
export const UGC_COST_ENHANCED = 2
/** §9: lip sync costs audio minutes rounded up × rate, per model. */
export const LIPSYNC_MODELS = ['lipsync-1.8.0', 'lipsync-1.9.0-beta'] as const
export type LipSyncModel = (typeof LIPSYNC_MODELS)[number]
export const LIPSYNC_RATE_PER_MINUTE: Record<LipSyncModel, number> = {
  'lipsync-1.8.0': 2.35,
  'lipsync-1.9.0-beta': 3,
}
/** §9: a consistent-actor video costs 2 credits. */
export const CONSISTENT_ACTOR_COST = 2

/** Credits for a purchase in dollars (§9): floor(amount / 1.75). */
export function creditsForAmount(dollars: number): number {
  // Work in cents to avoid floating error (20 / 1.75 must be exactly 11).
  return Math.floor(Math.round(dollars * 100) / Math.round(DOLLARS_PER_CREDIT * 100))
}

/** Lip-sync price in credits for an audio length (§9): started minutes × rate. */
export function lipSyncCost(audioSeconds: number, model: LipSyncModel): number {
  const minutes = Math.max(1, Math.ceil(audioSeconds / 60))
  return Math.round(minutes * LIPSYNC_RATE_PER_MINUTE[model] * 100) / 100
}

export function ugcCost(enhanced: boolean): number {
  return enhanced ? UGC_COST_ENHANCED : UGC_COST
}

/** Credits as integer hundredths, the server's unit (architecture: money). */
export function toHundredths(credits: number): number {
  return Math.round(credits * 100)
}

// ---- §3 / §9 Generation settings
export const SEED_MIN = 0
export const SEED_MAX = 999_999
export const ASPECT_RATIOS = ['9:16'] as const
export const RESOLUTIONS = ['1080p'] as const
export const DEFAULT_DURATION = '5'
export const VIDEO_WIDTH = 1080
export const VIDEO_HEIGHT = 1920

// ---- §4 Generation polling and displayed progress
/** §4: a poll is made when the one-second counter reaches this many ticks. */
export const POLL_TICK_MS = 1000
export const POLL_THRESHOLD_TICKS = 75
export const POLL_THRESHOLD_TICKS_DEMO_ACCOUNT = 10
/** §4: the displayed percent rises one point per interval. */
export const PROGRESS_INTERVAL_MS = {
  ugc: 2200,
  ugcEnhancedLipSync: 3500,
  consistentActor: 2000,
} as const
/** §4: lip-sync interval by audio duration (seconds below which it applies), shortest first. */
export const LIPSYNC_PROGRESS_INTERVALS: readonly { belowSeconds: number; intervalMs: number }[] = [
  { belowSeconds: 8, intervalMs: 1500 },
  { belowSeconds: 16, intervalMs: 2000 },
  { belowSeconds: 40, intervalMs: 2500 },
]
/** §4: the lip-sync interval for audio of 40 s or more ("else 6000 ms"). */
export const LIPSYNC_PROGRESS_INTERVAL_LONG_MS = 6000
/** §4: the demo account rises 10 points per 1000 ms. */
export const DEMO_ACCOUNT_PROGRESS = { points: 10, intervalMs: 1000 } as const

// ---- §5 / §9 Uploads
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024
/** §5 audio upload MIME types (mp3, ogg, wav, m4a, aac, x-m4a, mpeg, dlna adts). */
const SPEC_AUDIO_UPLOAD_TYPES = ['audio/mp3', 'audio/ogg', 'audio/wav', 'audio/m4a', 'audio/aac', 'audio/x-m4a', 'audio/mpeg', 'audio/vnd.dlna.adts'] as const
/**
 * What the audio picker takes: §5's list plus our own additions, kept apart.
 * audio/x-wav and audio/wave are other browsers' names for §5's wav.
 * audio/webm is not in §5: it is what browsers record in, and a take that could
 * not be turned into WAV is kept as recording.webm (docs/decisions/0150), so
 * such a recorded take, saved or shared to the app, can be picked too.
 */
export const AUDIO_UPLOAD_TYPES = [...SPEC_AUDIO_UPLOAD_TYPES, 'audio/x-wav', 'audio/wave', 'audio/webm'] as const
/** §5 audio URL content types. */
export const AUDIO_URL_TYPES = [
  'audio/wav',
  'audio/mp3',
  'audio/mpeg',
  'video/mp4',
  'audio/ogg',
  'audio/m3a',
  'audio/m4a',
  'audio/aac',
  'audio/x-ms-wma',
  'audio/flac',
] as const
/** §5 video upload MIME types. */
export const VIDEO_UPLOAD_TYPES = ['video/mp4', 'video/quicktime', 'video/webm', 'video/x-m4v'] as const
/** §5 image types for the consistent actor. */
export const IMAGE_UPLOAD_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const
/** Our own cap for input videos (spec is silent; docs/decisions). */
export const MAX_VIDEO_UPLOAD_BYTES = 100 * 1024 * 1024

// ---- §9 Gallery
export const GALLERY_PAGE_SIZE = 10
export const MINMAX_GALLERY_PAGE_SIZE = 16
export const GALLERY_VIEW_SIZE = 10
/**
 * §3 `thumbnail_url`: our poster frame of a finished video is a JPEG whose longer
 * edge is at most this many pixels (sharp in a phone's two-column grid at 3x, a
 * fraction of the video's bytes; docs/decisions/0163).
 */
export const POSTER_MAX_EDGE_PX = 960

// ---- §9 Demo page
export const DEMO_PROGRESS_MS = 3000
export const DEMO_PROGRESS_TICK_MS = 50
export const DEMO_PAUSE_MS = 500
export const DEMO_SEED = 123_456
export const DEMO_AUDIO_LABEL_MB = 2.5

// ---- §2 / §9 Landing carousel
export const CAROUSEL_SAMPLE_COUNT = 16
export const CAROUSEL_CARD_WIDTH_PX = 280
export const CAROUSEL_CARD_STEP_PX = 296
export const CAROUSEL_PX_PER_FRAME = 1.5

// ---- §2 / §9 Legal pages
export const TERMS_SECTION_IDS = [
  'acceptance',
  'services',
  'privacy',
  'no_refund',
  'content',
  'restrictions',
  'intellectual',
  'termination',
  'disclaimer',
] as const
export const TERMS_SCROLL_OFFSET_PX = 80
export const TERMS_ACTIVE_THRESHOLD_PX = 100
export const PRIVACY_SECTION_COUNT = 8
/** §2: privacy sections 1, 2, 3 and 5 are collapsed to three lines. */
export const PRIVACY_COLLAPSED_SECTIONS = [1, 2, 3, 5] as const
export const PRIVACY_COLLAPSED_LINES = 3
export const MINIMUM_AGE = 18
/**
 * The privacy page's retention promises, the server's defaults
 * (RETENTION_* and ACCOUNT_DELETION_DAYS override them; docs/decisions/0263):
 * support messages 12 months, a deleted account gone within 30 days, and an
 * upload no video uses deleted after a week (our figure: the spec names none).
 */
export const RETENTION_DEFAULTS = { supportMonths: 12, unusedUploadDays: 7, accountDeletionDays: 30 } as const

// ---- §1 / §9 Support
export const CONTACT_FAQ_COUNT = 4
export const SUPPORT_REPLY_HOURS = 48
/** §9: toasts show for 5000 ms, top-right. */
export const TOAST_DURATION_MS = 5000

// ---- §9 Identity service: the network timeout (30 s desktop, 60 s mobile), the token
// refresh 5 minutes before expiry and the 500 by 600 popup are the Firebase Auth
// SDK's own behaviour; it offers no setting for them, so no constant here.

// ---- Beyond the spec: a voice from a typed script, and captions (docs/product.md §3)
/** The languages a voice speaks and captions are timed in. */
export const SPEECH_LANGUAGES = ['en', 'de'] as const
export type SpeechLanguage = (typeof SPEECH_LANGUAGES)[number]
/** The longest script a voice is made from (about a minute of speech). */
export const VOICE_SCRIPT_MAX_CHARACTERS = 1000
/**
 * What making a voice costs, in credits, whatever the script's length up to
 * the maximum; refunded when it fails like any generation (docs/decisions/0232).
 */
export const VOICE_COST = 0.1
/**
 * Beyond the spec: how long a finished voice not used yet is offered again on
 * the lip-sync step (after a reload, or made in another tab), in hours
 * (docs/decisions/0153). Older voices are not offered.
 */
export const VOICE_OFFER_HOURS = 24
/** Characters spoken per second, for the estimate shown while typing (an average speaking pace). */
export const SPEECH_CHARACTERS_PER_SECOND: Record<SpeechLanguage, number> = { en: 14, de: 13 }
/** The sample every voice preview says, per language. */
export const VOICE_PREVIEW_TEXT: Record<SpeechLanguage, string> = {
  en: 'Hi! This is how I sound. Type your script and I will say it.',
  de: 'Hallo! So klinge ich. Schreib dein Skript, und ich spreche es für dich.',
}

/** The estimated length in whole seconds (at least 1) of a script read aloud. */
export function estimatedSpeechSeconds(text: string, language: SpeechLanguage): number {
  const characters = text.replace(/\s+/g, ' ').trim().length
  return characters === 0 ? 0 : Math.max(1, Math.round(characters / SPEECH_CHARACTERS_PER_SECOND[language]))
}

/** Caption lines: at most two lines of about 32 characters, legible on a 390 px wide phone screen. */
export const CAPTION_MAX_LINES = 2
export const CAPTION_LINE_CHARACTERS = 32
/**
 * The part of a 9:16 frame short-video apps leave free: their buttons and
 * texts cover the bottom fifth and a strip at the right edge; captions stay
 * inside the rest (shares of the frame's height and width).
 */
export const CAPTION_SAFE_AREA = { bottomShare: 0.2, rightShare: 0.12, leftShare: 0.06, topShare: 0.1 } as const
/** The longest script a caption correction may hold in all (a few times the voice's maximum). */
export const CAPTION_TEXT_MAX_CHARACTERS = 4000
/** The longest audio whose captions are timed: about CAPTION_TEXT_MAX_CHARACTERS said aloud (five minutes). */
export const CAPTION_AUDIO_MAX_SECONDS = 300
/**
 * The caption calls run ffmpeg, and in production a paid speech-to-text model,
 * while the page waits (docs/decisions/0234). Per account: timing a new audio's
 * captions `burst` times at once, then once more every `refillSeconds` (captions
 * already known cost nothing and are not counted); a preview, asked again as the
 * user picks a style or corrects a caption, has a larger budget.
 */
export const CAPTION_CUES_LIMIT = { burst: 5, refillSeconds: 120 } as const
export const CAPTION_PREVIEW_LIMIT = { burst: 20, refillSeconds: 6 } as const

// ---- Push notifications when a generation ends (our figures: the spec has no push; docs/decisions/0280, 0283)
/** Devices one account may have subscribed at once; a new one replaces the one saved longest ago. */
export const PUSH_MAX_DEVICES = 10
/** Subscription saves an account may make at once, and the seconds to earn one back (defaults of PUSH_SUBSCRIBE_RATE_LIMIT_*). */
export const PUSH_SUBSCRIBE_RATE_LIMIT = { burst: 10, refillSeconds: 60 } as const

// ---- Developer API (beyond the spec: docs/product.md "Developer API", docs/decisions/0400–0409)
/** Active API keys one account may hold (revoked keys do not count). */
export const API_KEYS_PER_ACCOUNT = 10
/** A key's or an endpoint's name, in characters. */
export const API_KEY_NAME_MAX = 60
/** Per key: requests at once, and seconds to earn one back (docs/decisions/0404). */
export const API_RATE_LIMIT_BURST = 60
export const API_RATE_LIMIT_REFILL_SECONDS = 1
/** Generations per page of the list call: the default and the most. */
export const API_LIST_PAGE_DEFAULT = 20
export const API_LIST_PAGE_MAX = 100
/** An Idempotency-Key: its longest form, and how long a create is remembered by it (docs/decisions/0403). */
export const IDEMPOTENCY_KEY_MAX_LENGTH = 255
export const IDEMPOTENCY_KEY_HOURS = 24
/** Webhook endpoints one account may register. */
export const WEBHOOK_ENDPOINTS_PER_ACCOUNT = 5
export const WEBHOOK_URL_MAX_LENGTH = 2048
/**
 * Seconds after each failed webhook attempt before the next one; once the last has
 * waited and failed, the delivery has failed (docs/decisions/0405). About 18 hours in all.
 */
export const WEBHOOK_RETRY_DELAYS_SECONDS = [5, 5 * 60, 30 * 60, 2 * 60 * 60, 5 * 60 * 60, 10 * 60 * 60] as const
/** One webhook attempt waits this long for the endpoint's answer. */
export const WEBHOOK_TIMEOUT_SECONDS = 10
/** The Account screen shows this many of an endpoint's latest deliveries. */
export const WEBHOOK_DELIVERIES_SHOWN = 20
