import { useCallback, useEffect, useState } from 'react'
import { CUSTOM_AMOUNT_DEBOUNCE_MS, CUSTOM_AMOUNT_DEFAULT } from '@contract/constants'
import { type CustomAmountCheck, type CustomAmountError, checkCustomAmount } from './custom-amount'

/**
 * The custom amount as typed, checked after a pause in typing (spec §5: 500 ms)
 * so the message does not flash while a number is half written. `checkNow`
 * settles it at once, for a checkout pressed before the pause ended.
 */
export function useCustomAmount() {
  const [text, setText] = useState(String(CUSTOM_AMOUNT_DEFAULT))
  const [checked, setChecked] = useState<CustomAmountCheck>(() => checkCustomAmount(String(CUSTOM_AMOUNT_DEFAULT)))

  useEffect(() => {
    const timer = setTimeout(() => setChecked(checkCustomAmount(text)), CUSTOM_AMOUNT_DEBOUNCE_MS)
    return () => clearTimeout(timer)
  }, [text])

  const checkNow = useCallback((): CustomAmountCheck => {
    const now = checkCustomAmount(text)
    setChecked(now)
    return now
  }, [text])

  const error: CustomAmountError | null = checked.ok ? null : checked.error
  return { text, setText, error, checkNow }
}
