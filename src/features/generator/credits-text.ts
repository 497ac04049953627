import { useLingui } from '@lingui/react/macro'

/** Credits to two decimals in the user's language (spec §9: "Credits shown to 2 decimals"). */
export function useCreditsText(): (credits: number) => string {
  const { i18n } = useLingui()
  return (credits) => i18n.number(credits, { minimumFractionDigits: 2, maximumFractionDigits: 2 })
}
