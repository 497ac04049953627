import { useEffect, useState } from 'react'
import type { JobView } from '@/jobs/types'
import { useSession } from '@/session/session'

/**
 * spec §4: a start refused for credits shows the no-credits state. It stands
 * only as long as it is true: once the user changes what they ask for (a
 * shorter audio, an option off) or their balance changes, and the balance
 * covers the cost now shown, the notice goes. Nothing clears it while cost and
 * balance are what they were at the refusal, so a local balance that lags the
 * server's cannot hide a notice the server just gave.
 */
export function useNoCreditsClears(view: JobView, cost: number | null, clear: () => void): void {
  const session = useSession()
  const credits = session.status === 'signed-in' ? session.credits : null
  const now = `${cost ?? ''}|${credits ?? ''}`
  const [refusedWith, setRefusedWith] = useState<string | null>(null)
  const refused = view.phase === 'no-credits'
  if (refused && refusedWith === null) setRefusedWith(now)
  if (!refused && refusedWith !== null) setRefusedWith(null)
  const affordable = refused && refusedWith !== null && refusedWith !== now && cost !== null && credits !== null && cost <= credits

  useEffect(() => {
    if (affordable) clear()
  }, [affordable, clear])
}
