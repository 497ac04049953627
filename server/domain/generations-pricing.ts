import { CONSISTENT_ACTOR_COST, lipSyncCost, toHundredths, ugcCost, VOICE_COST } from '../../contract/constants.ts'
import type { GenerationInput } from '../providers/provider.ts'

// spec §9 prices, in the server's unit (integer hundredths of a credit):
// UGC 1.75 (2.00 with the enhanced option), lip sync started audio minutes ×
// 2.35 (lipsync-1.8.0) or × 3.00 (lipsync-1.9.0-beta), consistent actor 2.
// Jobs of the configured demo account cost nothing (docs/decisions/0071).
// A voice from a script costs VOICE_COST (beyond the spec, docs/decisions/0232).
export function priceHundredths(input: GenerationInput, options: { demo: boolean }): number {
  if (options.demo) return 0
  switch (input.kind) {
    case 'ugc':
      return toHundredths(ugcCost(input.enhanced))
    case 'lipsync':
      return toHundredths(lipSyncCost(input.audioSeconds, input.model))
    case 'consistent':
      return toHundredths(CONSISTENT_ACTOR_COST)
    case 'voice':
      return toHundredths(VOICE_COST)
  }
}
