import { Hono } from 'hono'
import type { RetentionFigures } from '../../contract/account.ts'
import type { PrivacyConfig } from '../config.ts'
import type { AppEnv } from '../http/env.ts'

// GET /api/privacy/v1/retention: the retention figures this server is
// configured with, for the privacy page to show (docs/decisions/0263). Public
// and the same for everyone.

export function createPrivacyRoutes(privacy: PrivacyConfig) {
  const figures: RetentionFigures = { ...privacy.retention }
  return new Hono<AppEnv>().get('/retention', (c) => {
    c.header('Cache-Control', 'public, max-age=3600')
    return c.json(figures)
  })
}
