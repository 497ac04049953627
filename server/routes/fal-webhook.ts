import { Hono } from 'hono'
import type { Kysely } from 'kysely'
import { z } from 'zod'
import { GENERATION_MESSAGES } from '../../contract/generations.ts'
import type { Database } from '../db/schema.ts'
import { failJob, findFalJob, recordDeliveredResult } from '../domain/generations-jobs.ts'
import type { AppEnv } from '../http/env.ts'
import { ApiError } from '../http/errors.ts'
import { resultUrlOf } from '../providers/fal/fal-inputs.ts'
import { JwksUnavailableError, WebhookSignatureError, type FalWebhookVerifier } from '../providers/fal/webhook-signature.ts'

// POST /api/fal/v1/webhook: fal tells us a job ended (docs/decisions/0211).
// The signature is checked on the raw body first; a bad, stale or missing one
// answers 400 and changes nothing. Then, like the payment webhook, it is
// idempotent: a finished video's URL is kept once for the worker holding the
// job (which copies it home and completes the job), a failure fails and
// refunds the job once; any later or concurrent delivery of the same news
// changes nothing and answers 200. A request id we do not know (yet: fal can
// be faster than our own record of its id) answers 404, so fal delivers again.

/** fal's webhook body: `status` OK or ERROR, the model's answer in `payload`. */
const deliverySchema = z.object({
  request_id: z.string().min(1),
  gateway_request_id: z.string().nullish(),
  status: z.string(),
  payload: z.unknown().optional(),
  error: z.string().nullish(),
  payload_error: z.string().nullish(),
})

export interface FalWebhookDeps {
  db: Kysely<Database>
  verifier: FalWebhookVerifier
}

export function createFalWebhookRoutes(deps: FalWebhookDeps): Hono<AppEnv> {
  const { db } = deps
  return new Hono<AppEnv>().post('/webhook', async (c) => {
    const rawBody = new Uint8Array(await c.req.arrayBuffer())
    let signedRequestId: string
    try {
      signedRequestId = (await deps.verifier.verify((name) => c.req.header(name), rawBody)).requestId
    } catch (error) {
      if (error instanceof JwksUnavailableError) {
        c.var.log.error({ err: error }, 'fal webhook: its public keys are unavailable; fal will deliver again')
        throw new ApiError(503, 'upstream_failed', 'The webhook cannot be verified right now')
      }
      if (!(error instanceof WebhookSignatureError)) throw error
      c.var.log.warn({ reason: error.message }, 'fal webhook: signature rejected')
      throw new ApiError(400, 'webhook_signature_invalid', 'Webhook signature verification failed')
    }
    let body: z.infer<typeof deliverySchema>
    try {
      body = deliverySchema.parse(JSON.parse(new TextDecoder().decode(rawBody)))
    } catch {
      throw new ApiError(400, 'validation_failed', 'The webhook body is not a fal delivery')
    }
    // The signed header names the request; the body must be about the same one.
    if (body.request_id !== signedRequestId) throw new ApiError(400, 'validation_failed', 'The webhook body names another request')
    const job = await findFalJob(db, body.request_id)
    if (job === undefined) throw new ApiError(404, 'not_found', 'No job for this fal request')
    const fields = { jobId: job.id, falRequestId: body.request_id, falStatus: body.status }
    if (body.status === 'OK') {
      // A video, or a voice's audio (docs/decisions/0232).
      const resultUrl = resultUrlOf(body.payload)
      if (resultUrl === null) {
        // The worker's poll asks the queue for the result instead (the fallback).
        c.var.log.warn({ ...fields, payloadError: body.payload_error }, 'fal webhook: no file in the payload; the worker asks the queue')
        return c.json({ received: true })
      }
      const recorded = await recordDeliveredResult(db, body.request_id, resultUrl)
      c.var.log.info({ ...fields, recorded }, 'fal webhook: result delivered')
    } else if (body.status === 'ERROR') {
      const failed = await failJob(db, job.id, GENERATION_MESSAGES.failedToGenerate)
      c.var.log.warn({ ...fields, reason: body.error, failed }, 'fal webhook: the run failed; refunded')
    } else {
      c.var.log.info(fields, 'fal webhook: a status we do not act on')
    }
    return c.json({ received: true })
  })
}
