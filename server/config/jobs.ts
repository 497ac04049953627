import { z } from 'zod'
import { optionalText, type ConfigBlock } from './shared.ts'

// Jobs, workers, the job event stream and fal's webhooks
// (docs/operations/generation.md, decisions 0210–0214): one block of the
// server's environment schema (server/config.ts). API processes and workers
// read the same values.

/** Where fal delivers its webhooks on this server (docs/decisions/0211): the default URL ends here, and its body may be larger. */
export const FAL_WEBHOOK_PATH = '/api/fal/v1/webhook'

/** fal publishes the public keys of its webhook signatures here (fal docs: "Verifying your webhook"). */
export const FAL_WEBHOOK_JWKS_URL = 'https://rest.alpha.fal.ai/.well-known/jwks.json'

export const jobsEnv = {
  JOB_LEASE_SECONDS: z.coerce.number().int().min(2).max(600).default(30),
  WORKER_POLL_MS: z.coerce.number().int().min(20).max(60_000).default(500),
  WORKER_FAL_CONCURRENCY: z.coerce.number().int().min(1).max(1000).default(50),
  JOB_SWEEP_SECONDS: z.coerce.number().int().min(1).max(3600).default(15),
  JOB_EVENTS_POLL_MS: z.coerce.number().int().min(20).max(10_000).default(250),
  FAL_WEBHOOK_URL: optionalText.pipe(z.union([z.null(), z.literal('off'), z.url({ protocol: /^https?$/ })])),
  FAL_WEBHOOK_JWKS_URL: z.url({ protocol: /^https?$/ }).default(FAL_WEBHOOK_JWKS_URL),
  // Read here too: the webhook URL defaults to the public origin's webhook path.
  PUBLIC_ORIGIN: optionalText,
}

export interface JobsConfig {
  /** How long a worker's claim on a job lasts unless renewed (it renews every third of it). */
  leaseMs: number
  /** How often a worker looks for jobs nobody holds (job events wake it sooner). */
  claimIntervalMs: number
  /** fal jobs one worker follows at once (each is a poll every few seconds and a download at the end). */
  falConcurrency: number
  /** How often any instance fails and refunds jobs past their deadline. */
  sweepIntervalMs: number
  /** SQLite: how often an instance reads new job events (PostgreSQL is told at once by NOTIFY). */
  eventsPollMs: number
}

export interface FalWebhookConfig {
  /** Where fal POSTs its signed webhook; null: workers poll fal only. */
  url: string | null
  /** fal's JWKS (a test key of the local fake in tests). */
  jwksUrl: string
}

/** FAL_WEBHOOK_URL, else PUBLIC_ORIGIN's webhook path when an origin was configured (fal must reach it), else none. */
export const jobsConfig: ConfigBlock<typeof jobsEnv, { jobs: JobsConfig; falWebhook: FalWebhookConfig }> = (env) => {
  const derived = env.PUBLIC_ORIGIN === null ? null : `${env.PUBLIC_ORIGIN.replace(/\/+$/, '')}${FAL_WEBHOOK_PATH}`
  return {
    jobs: {
      leaseMs: env.JOB_LEASE_SECONDS * 1000,
      claimIntervalMs: env.WORKER_POLL_MS,
      falConcurrency: env.WORKER_FAL_CONCURRENCY,
      sweepIntervalMs: env.JOB_SWEEP_SECONDS * 1000,
      eventsPollMs: env.JOB_EVENTS_POLL_MS,
    },
    falWebhook: { url: env.FAL_WEBHOOK_URL === 'off' ? null : (env.FAL_WEBHOOK_URL ?? derived), jwksUrl: env.FAL_WEBHOOK_JWKS_URL },
  }
}
