// What fal charges per endpoint, as its model pages state it (read
// 2026-11-25 and 2026-11-27; operational facts, not spec numbers: they
// change with fal's price list). docs/operations/generation.md and `npm run
// bench` show them beside what the user pays (generation-cost.ts).

export type FalPrice =
  | {
      /** fal's video tokens: height × width × fps × seconds / 1024. */
      basis: 'video-tokens'
      usdPerMillionTokens: number
      /** When the video carries generated sound (speech). */
      usdPerMillionTokensWithAudio?: number
      /** The frame rate the model renders at, which the token count uses. */
      fps: number
      /** fal's own example, word for word in substance. */
      quoted: string
      /** Where the price was read, when it is not the endpoint's own page. */
      readOn?: string
    }
  | {
      /** Dollars per minute of the video made (lip sync), per the request's `model` option when it has several. */
      basis: 'video-minutes'
      usdPerMinute: number
      /** An option that costs a multiple of the base rate, as fal states it. */
      optionMultipliers?: Readonly<Record<string, number>>
      quoted: string
    }
  | {
      /** A clip's first seconds at one price, each second beyond them at another (Kling). */
      basis: 'clip-seconds'
      firstSeconds: number
      usdFirstSeconds: number
      usdPerExtraSecond: number
      quoted: string
    }
  | { basis: 'characters'; usdPer1000Characters: number; quoted: string }
  | { basis: 'audio-minutes'; usdPerMinute: number; quoted: string }
  | { basis: 'unknown'; why: string }

export interface PricedRequest {
  width: number
  height: number
  seconds: number
  audio: boolean
  /** The text spoken (text to speech). */
  characters?: number
  /** The model option asked for (lip sync's `model`). */
  option?: string
}

/** fal's price in dollars for one generation, or null when it is not recorded. */
export function falCostUsd(price: FalPrice, request: PricedRequest): number | null {
  switch (price.basis) {
    case 'unknown':
      return null
    case 'video-minutes':
      return (request.seconds / 60) * price.usdPerMinute * (request.option === undefined ? 1 : (price.optionMultipliers?.[request.option] ?? 1))
    case 'clip-seconds':
      return price.usdFirstSeconds + Math.max(0, request.seconds - price.firstSeconds) * price.usdPerExtraSecond
    case 'characters':
      return ((request.characters ?? 0) / 1000) * price.usdPer1000Characters
    case 'audio-minutes':
      return (request.seconds / 60) * price.usdPerMinute
    case 'video-tokens': {
      const tokens = (request.height * request.width * price.fps * request.seconds) / 1024
      const rate = request.audio ? (price.usdPerMillionTokensWithAudio ?? price.usdPerMillionTokens) : price.usdPerMillionTokens
      return (tokens / 1_000_000) * rate
    }
  }
}

const NOT_READ = "fal's page for this endpoint could not be read on 2026-11-25: its price is not recorded"

export const FAL_PRICES = {
  seedance1ProFast: { basis: 'video-tokens', usdPerMillionTokens: 1, fps: 24, quoted: 'each 1080p 5 second video costs roughly $0.245' },
  seedance1Pro: {
    basis: 'video-tokens',
    usdPerMillionTokens: 2.5,
    fps: 24,
    quoted: 'each 1080p 5 second video costs roughly $0.62',
    readOn: 'https://fal.ai/models/fal-ai/bytedance/seedance/v1/pro/image-to-video/llms.txt (same model, image-to-video endpoint)',
  },
  seedance15Pro: {
    basis: 'video-tokens',
    usdPerMillionTokens: 1.2,
    usdPerMillionTokensWithAudio: 2.4,
    fps: 24,
    quoted: 'each 720p 5 second video with audio costs roughly $0.26',
  },
  syncLipsync: { basis: 'unknown', why: NOT_READ },
  syncLipsyncV2: {
    basis: 'video-minutes',
    usdPerMinute: 3,
    optionMultipliers: { 'lipsync-2-pro': 1.67 },
    quoted: 'Your request will cost $3 per minute of video; lipsync-2-pro will cost roughly 1.67 times as much as lipsync-2',
  },
  kling25TurboStandardImageToVideo: {
    basis: 'clip-seconds',
    firstSeconds: 5,
    usdFirstSeconds: 0.21,
    usdPerExtraSecond: 0.042,
    quoted: 'For 5s video your request will cost $0.21. For every additional second you will be charged $0.042.',
  },
  minimaxSpeech28Hd: { basis: 'characters', usdPer1000Characters: 0.1, quoted: 'Price: $0.1 per 1000 characters' },
  elevenlabsSpeechToText: { basis: 'audio-minutes', usdPerMinute: 0.03, quoted: 'Price: $0.03 per minutes' },
  minimaxSubjectReference: { basis: 'unknown', why: NOT_READ },
} as const satisfies Record<string, FalPrice>
