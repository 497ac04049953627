import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { Tier } from '@contract/constants'

/** spec §3 pricing tiers by name. */
export const TIER_NAMES: Record<Tier, MessageDescriptor> = {
  starter: msg`Starter`,
  creator: msg`Creator`,
  enterprise: msg`Enterprise`,
  custom: msg`Custom`,
}
