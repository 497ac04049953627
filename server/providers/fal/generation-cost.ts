import {
  CONSISTENT_ACTOR_COST,
  creditsForAmount,
  DEFAULT_DURATION,
  LIPSYNC_MODELS,
  LIPSYNC_RATE_PER_MINUTE,
  PRICE_TIERS,
  DOLLARS_PER_CREDIT,
  UGC_COST,
  UGC_COST_ENHANCED,
  VIDEO_HEIGHT,
  VIDEO_WIDTH,
  VOICE_COST,
  VOICE_SCRIPT_MAX_CHARACTERS,
} from '../../../contract/constants.ts'
import { resolveFalModels, type FalModels } from './fal-inputs.ts'
import { falCostUsd } from './fal-prices.ts'
import { DEFAULT_FAL_MODELS, type FalEndpoint } from './model-families.ts'

// What one generation costs us at fal beside what the user pays for it in
// credits (spec §9), per kind and configured model, so an operator sees the
// margin: docs/operations/generation.md lists it, `npm run bench` prints it.

export interface CostLine {
  /** What is made, e.g. "UGC, 5 s 1080x1920". */
  what: string
  model: string
  /** fal's price for it in dollars, or null when fal's price is not recorded. */
  falUsd: number | null
  credits: number
  /** What those credits cost the user at each way of buying them. */
  userUsd: { tier: string; usd: number }[]
}

/** Dollars a credit costs at each way of buying (spec §9: credits = floor(amount / 1.75)). */
export function dollarsPerCredit(): { tier: string; usd: number }[] {
  const named = Object.entries(PRICE_TIERS).map(([tier, dollars]) => ({ tier, usd: dollars / creditsForAmount(dollars) }))
  // A custom amount that is a whole number of credits buys them at the base rate.
  return [...named, { tier: 'custom (whole credits)', usd: DOLLARS_PER_CREDIT }]
}

function userUsd(credits: number): CostLine['userUsd'] {
  return dollarsPerCredit().map((rate) => ({ tier: rate.tier, usd: credits * rate.usd }))
}

/** The least the user pays for a line, over every way of buying credits. */
export function cheapestUserUsd(line: CostLine): number {
  return Math.min(...line.userUsd.map((price) => price.usd))
}

const seconds = Number(DEFAULT_DURATION)

function ugcLine(endpoint: FalEndpoint, enhanced: boolean): CostLine {
  const audio = endpoint.kind === 'ugc' && endpoint.speaks({ kind: 'ugc', prompt: '', seed: 0, durationSeconds: seconds, enhanced })
  const credits = enhanced ? UGC_COST_ENHANCED : UGC_COST
  return {
    what: `UGC${enhanced ? ' enhanced' : ''}, ${seconds} s ${VIDEO_WIDTH}x${VIDEO_HEIGHT}${audio ? ' with speech' : ''}`,
    model: endpoint.id,
    falUsd: falCostUsd(endpoint.price, { width: VIDEO_WIDTH, height: VIDEO_HEIGHT, seconds, audio }),
    credits,
    userUsd: userUsd(credits),
  }
}

/** One line per kind and option at the spec's settings (UGC 5 s 1080p 9:16; lip sync per started minute). */
export function generationCosts(models: FalModels = DEFAULT_FAL_MODELS): CostLine[] {
  const endpoints = resolveFalModels(models)
  const lipsync = LIPSYNC_MODELS.map((model) => {
    const option = endpoints.lipsync.toInput({ kind: 'lipsync', videoUrl: '', audioUrl: '', audioSeconds: 60, model }).model
    return {
      what: `Lip sync ${model}, per started minute`,
      model: endpoints.lipsync.id,
      falUsd: falCostUsd(endpoints.lipsync.price, {
        width: VIDEO_WIDTH,
        height: VIDEO_HEIGHT,
        seconds: 60,
        audio: true,
        ...(typeof option === 'string' ? { option } : {}),
      }),
      credits: LIPSYNC_RATE_PER_MINUTE[model],
      userUsd: userUsd(LIPSYNC_RATE_PER_MINUTE[model]),
    }
  })
  // Beyond the spec (docs/decisions/0232, 0234): the longest voice, and timing a minute of an upload's words for captions.
  const voice: CostLine = {
    what: `Voice from a script, ${VOICE_SCRIPT_MAX_CHARACTERS.toLocaleString('en')} characters`,
    model: endpoints.speech.id,
    falUsd: falCostUsd(endpoints.speech.price, { width: 0, height: 0, seconds: 0, audio: true, characters: VOICE_SCRIPT_MAX_CHARACTERS }),
    credits: VOICE_COST,
    userUsd: userUsd(VOICE_COST),
  }
  // Captions of an uploaded audio add the speech-to-text model's minute to the lip sync they come with (no charge of their own).
  const [cheapest] = lipsync
  const timing = falCostUsd(endpoints.transcription.price, { width: 0, height: 0, seconds: 60, audio: true })
  const captions: CostLine = {
    what: `Lip sync ${LIPSYNC_MODELS[0]} with captions of an uploaded audio, per started minute`,
    model: `${endpoints.lipsync.id} + ${endpoints.transcription.id}`,
    falUsd: cheapest?.falUsd === null || cheapest === undefined || timing === null ? null : cheapest.falUsd + timing,
    credits: LIPSYNC_RATE_PER_MINUTE[LIPSYNC_MODELS[0]],
    userUsd: userUsd(LIPSYNC_RATE_PER_MINUTE[LIPSYNC_MODELS[0]]),
  }
  const consistent: CostLine = {
    what: `Consistent actor, ${seconds} s`,
    model: endpoints.consistent.id,
    falUsd: falCostUsd(endpoints.consistent.price, { width: 1280, height: 720, seconds, audio: false }),
    credits: CONSISTENT_ACTOR_COST,
    userUsd: userUsd(CONSISTENT_ACTOR_COST),
  }
  return [ugcLine(endpoints.ugc, false), ugcLine(endpoints.ugcEnhanced, true), ...lipsync, consistent, voice, captions]
}

export const usd = (value: number, digits = 2): string => `$${value.toFixed(digits)}`
