import { z } from 'zod'
import { API_RATE_LIMIT_BURST, API_RATE_LIMIT_REFILL_SECONDS } from '../../contract/constants.ts'
import { ConfigError, type ConfigBlock } from './shared.ts'

// The developer API (docs/decisions/0404, 0408): one block of the server's
// environment schema (server/config.ts). Webhook endpoints may use http and
// (with WEBHOOKS_ALLOW_LOOPBACK, for a developer's own receiver and the
// end-to-end tests) this machine's loopback address outside production only.

export const developerApiEnv = {
  API_RATE_LIMIT_BURST: z.coerce.number().int().min(1).default(API_RATE_LIMIT_BURST),
  API_RATE_LIMIT_REFILL_SECONDS: z.coerce.number().positive().default(API_RATE_LIMIT_REFILL_SECONDS),
  WEBHOOKS_ALLOW_LOOPBACK: z
    .enum(['true', 'false', '1', '0', ''])
    .optional()
    .transform((v) => v === 'true' || v === '1'),
}

export interface DeveloperApiConfig {
  /** Each API key's token bucket. */
  rateLimit: { burst: number; refillSeconds: number }
  webhooks: {
    /** Endpoint URLs may be http (never in production). */
    allowHttp: boolean
    /** Endpoints on 127.0.0.1 or ::1 are allowed (never in production). */
    allowLoopback: boolean
  }
}

export const developerApiConfig: ConfigBlock<typeof developerApiEnv, DeveloperApiConfig> = (env, { isProduction }) => {
  if (isProduction && env.WEBHOOKS_ALLOW_LOOPBACK) {
    throw new ConfigError('Refusing to start: WEBHOOKS_ALLOW_LOOPBACK would let webhooks reach this machine; it is for development only.')
  }
  return {
    rateLimit: { burst: env.API_RATE_LIMIT_BURST, refillSeconds: env.API_RATE_LIMIT_REFILL_SECONDS },
    webhooks: { allowHttp: !isProduction, allowLoopback: env.WEBHOOKS_ALLOW_LOOPBACK },
  }
}
