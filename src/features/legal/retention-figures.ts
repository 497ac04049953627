import { useEffect, useState } from 'react'
import { RETENTION_DEFAULTS } from '@contract/constants'
import { type RetentionFigures, retentionFiguresSchema } from '@contract/account'

// The retention figures the server runs with (GET /api/privacy/v1/retention),
// so the privacy page says what the server does (docs/decisions/0263). Asked
// once per visit; until it answers, or offline, the page shows the defaults,
// which are the server's own defaults too.

let asked: Promise<RetentionFigures | null> | null = null

function askServer(): Promise<RetentionFigures | null> {
  asked ??= fetch('/api/privacy/v1/retention')
    .then(async (response) => retentionFiguresSchema.parse(await response.json()))
    .catch(() => {
      asked = null // ask again next time the page is shown
      return null
    })
  return asked
}

export function useRetentionFigures(): RetentionFigures {
  const [figures, setFigures] = useState<RetentionFigures>(RETENTION_DEFAULTS)
  useEffect(() => {
    let current = true
    void askServer().then((answer) => {
      if (current && answer !== null) setFigures(answer)
    })
    return () => {
      current = false
    }
  }, [])
  return figures
}
