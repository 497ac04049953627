import { Hono, type Context } from 'hono'
import type { z } from 'zod'
import { IDEMPOTENCY_KEY_MAX_LENGTH } from '../../contract/constants.ts'
import {
  createConsistentActorSchema,
  createLipSyncSchema,
  createUgcActorSchema,
  listGenerationsQuerySchema,
  type GenerationList,
  type PublicGeneration,
} from '../../contract/public-api/generations.ts'
import { IDEMPOTENCY_HEADER, PUBLIC_API_PATHS, PUBLIC_API_PREFIX } from '../../contract/public-api/paths.ts'
import type { StartRequest } from '../domain/generations.ts'
import { findJob } from '../domain/generations-jobs.ts'
import { ApiError } from '../http/errors.ts'
import { describeIssues, jsonBody } from '../http/validate.ts'
import type { PublicApiEnv } from './env.ts'
import { listGenerations } from './generation-list.ts'
import { claimIdempotencyKey, jobExists, requestFingerprint } from './idempotency.ts'
import { requireScope } from './key-auth.ts'
import { isVideoJob, toPublicGeneration } from '../domain/public-generation.ts'
import { createInputs, startOrRefuse, type StartDeps } from './start-generation.ts'

// /api/public/v1/generations: a create per kind, one generation, the list
// (docs/decisions/0400). A create answers 201 with the generation and its
// Location; with an Idempotency-Key a retry answers the same generation and
// starts nothing (docs/decisions/0403).

type Ctx = Context<PublicApiEnv>

/** A route path under the prefix, in Hono's form (`:id` for OpenAPI's `{id}`). */
export const routePath = (documented: string): string => documented.slice(PUBLIC_API_PREFIX.length).replaceAll(/\{(\w+)\}/g, ':$1')

function idempotencyKeyOf(c: Ctx): string | null {
  const key = c.req.header(IDEMPOTENCY_HEADER)
  if (key === undefined) return null
  if (key.length < 1 || key.length > IDEMPOTENCY_KEY_MAX_LENGTH || !/^[\x21-\x7e]+$/.test(key)) {
    throw new ApiError(400, 'validation_failed', `${IDEMPOTENCY_HEADER}: 1 to ${IDEMPOTENCY_KEY_MAX_LENGTH} visible ASCII characters`)
  }
  return key
}

export function createGenerationRoutes(deps: StartDeps): Hono<PublicApiEnv> {
  const inputs = createInputs(deps)
  const writing = requireScope('generations:write')
  const reading = requireScope('generations:read')

  async function answer(c: Ctx, generationId: string, replayed: boolean): Promise<Response> {
    const row = await findJob(deps.db, generationId)
    if (row === undefined || row.user_id !== c.var.user.id || !isVideoJob(row))
      throw new ApiError(500, 'internal_error', 'The generation just started cannot be read')
    c.header('Location', PUBLIC_API_PATHS.generation.replace('{id}', row.id))
    if (replayed) c.header('Idempotent-Replayed', 'true')
    return c.json<PublicGeneration>(toPublicGeneration(row, deps.links), 201)
  }

  /** Runs a create once per Idempotency-Key (or plainly without one). */
  async function create<S extends z.ZodType>(c: Ctx, schema: S, build: (c: Ctx, body: z.output<S>) => StartRequest | Promise<StartRequest>): Promise<Response> {
    const key = idempotencyKeyOf(c)
    const body = await jsonBody(c, schema)
    const request = await build(c, body)
    if (key === null) return answer(c, await startOrRefuse(deps, request), false)
    const claim = await claimIdempotencyKey(deps.db, { userId: c.var.user.id, key, fingerprint: requestFingerprint('POST', c.req.path, body) })
    if (claim.kind === 'reused') throw new ApiError(422, 'idempotency_key_reused', `This ${IDEMPOTENCY_HEADER} was used with another request`)
    if (claim.kind === 'busy')
      throw new ApiError(409, 'idempotency_key_in_use', `A request with this ${IDEMPOTENCY_HEADER} is still running; retry in a moment`)
    if (claim.kind === 'replay') return answer(c, claim.generationId, true)
    try {
      await startOrRefuse(deps, { ...request, jobId: claim.generationId })
    } catch (error) {
      // A job under this id exists (a run that died after starting it, or a provider that refused it): the key answers it from now on.
      if (await jobExists(deps.db, claim.generationId)) {
        await claim.finish()
        if (error instanceof ApiError && error.code === 'generation_in_progress') return answer(c, claim.generationId, true)
      } else {
        await claim.release()
      }
      throw error
    }
    await claim.finish()
    return answer(c, claim.generationId, false)
  }

  return new Hono<PublicApiEnv>()
    .post(routePath(PUBLIC_API_PATHS.createUgcActor), writing, (c) => create(c, createUgcActorSchema, inputs.ugcActor))
    .post(routePath(PUBLIC_API_PATHS.createLipSync), writing, (c) => create(c, createLipSyncSchema, inputs.lipSync))
    .post(routePath(PUBLIC_API_PATHS.createConsistentActor), writing, (c) => create(c, createConsistentActorSchema, inputs.consistentActor))
    .get(routePath(PUBLIC_API_PATHS.generations), reading, async (c) => {
      const query = listGenerationsQuerySchema.safeParse(c.req.query())
      if (!query.success) throw new ApiError(400, 'validation_failed', describeIssues(query.error))
      const page = await listGenerations(deps.db, c.var.user.id, query.data)
      return c.json<GenerationList>({ data: page.rows.map((row) => toPublicGeneration(row, deps.links)), next_cursor: page.nextCursor })
    })
    .get(routePath(PUBLIC_API_PATHS.generation), reading, async (c) => {
      const row = await findJob(deps.db, c.req.param('id') ?? '')
      // Another user's generation answers as if it did not exist (docs/quality.md).
      if (row === undefined || row.user_id !== c.var.user.id || !isVideoJob(row)) throw new ApiError(404, 'not_found', 'No such generation')
      return c.json<PublicGeneration>(toPublicGeneration(row, deps.links))
    })
}
