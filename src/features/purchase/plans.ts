import { CUSTOM_AMOUNT_DEFAULT, creditsForAmount, type NamedTier, PRICE_TIERS, type Tier, toHundredths, UGC_COST } from '@contract/constants'

// The plans of the purchase page (spec §2 Purchase, §3 "Pricing tiers", §9).

/** Display order; starter is selected first (spec §4 Purchase). */
export const NAMED_TIERS: readonly NamedTier[] = ['starter', 'creator', 'enterprise']
export const TIERS: readonly Tier[] = [...NAMED_TIERS, 'custom']
export const INITIAL_TIER: Tier = 'starter'

export function isNamedTier(tier: Tier): tier is NamedTier {
  return tier !== 'custom'
}

/** The tier's price in dollars; the custom tier's shown price is its default until typed. */
export function tierAmount(tier: Tier): number {
  return isNamedTier(tier) ? PRICE_TIERS[tier] : CUSTOM_AMOUNT_DEFAULT
}

/**
 * About how many 1080p UGC videos a balance pays for at the §9 charge of
 * 1.75 credits each (decision 0120: counts follow what the server deducts).
 */
export function approxVideos(credits: number): number {
  return Math.floor(toHundredths(credits) / toHundredths(UGC_COST))
}

export interface PlanQuote {
  dollars: number
  credits: number
  videos: number
}

/** spec §9: credits = floor(amount / 1.75). */
export function quote(dollars: number): PlanQuote {
  const credits = creditsForAmount(dollars)
  return { dollars, credits, videos: approxVideos(credits) }
}
