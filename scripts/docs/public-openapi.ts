// The OpenAPI 3.1 document of the developer API, made by zod-openapi from the
// contract's zod schemas (the ones the server validates with) and the call
// table (./public-calls.ts). Written to contract/public-api/openapi.json by
// `npm run docs:generate`, served at /api/public/v1/openapi.json and rendered
// on the /developers page.
import { z } from 'zod'
import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject, type ZodOpenApiResponsesObject } from 'zod-openapi'
import { API_RATE_LIMIT_BURST, API_RATE_LIMIT_REFILL_SECONDS, WEBHOOK_RETRY_DELAYS_SECONDS, WEBHOOK_TIMEOUT_SECONDS } from '../../contract/constants.ts'
import { PROBLEM_CONTENT_TYPE, problemSchema } from '../../contract/public-api/account.ts'
import { generationEventSchema, pingEventSchema } from '../../contract/public-api/webhook-events.ts'
import { PUBLIC_CALLS, type PublicCall } from './public-calls.ts'

const rateLimitHeaders = {
  RateLimit: z.string().meta({ description: 'Requests left and the seconds until the bucket is full again, e.g. `"per-key";r=59;t=1`.' }),
  'RateLimit-Policy': z.string().meta({
    description: `The key's quota and its window, e.g. \`"per-key";q=${API_RATE_LIMIT_BURST};w=${API_RATE_LIMIT_BURST * API_RATE_LIMIT_REFILL_SECONDS}\`.`,
  }),
}
const createdHeaders = {
  Location: z.string().meta({ description: 'The generation.' }),
  'Idempotent-Replayed': z.literal('true').optional().meta({ description: 'This answers an earlier request with the same Idempotency-Key.' }),
}

function responses(call: PublicCall): ZodOpenApiResponsesObject {
  const keyed = call.scope !== 'open'
  const answers: ZodOpenApiResponsesObject = {
    [`${call.answer.status}`]: {
      description: call.answer.description,
      ...(keyed ? { headers: z.object({ ...rateLimitHeaders, ...(call.answer.headers === 'created' ? createdHeaders : {}) }) } : {}),
      content: { 'application/json': { schema: call.answer.schema } },
    },
  }
  for (const status of [...new Set(call.refusals.map((refusal) => refusal.status))].sort()) {
    const lines = call.refusals.filter((refusal) => refusal.status === status).map((refusal) => `\`${refusal.code}\`: ${refusal.when}`)
    const limited =
      status === 429
        ? { headers: z.object({ ...rateLimitHeaders, 'Retry-After': z.string().meta({ description: 'Seconds until a request is allowed again.' }) }) }
        : {}
    answers[`${status}`] = { description: lines.join('\n'), ...limited, content: { [PROBLEM_CONTENT_TYPE]: { schema: problemSchema } } }
  }
  return answers
}

function operation(call: PublicCall): ZodOpenApiOperationObject {
  const scope = call.scope === null ? 'Any key.' : call.scope === 'open' ? null : `Scope: \`${call.scope}\`.`
  return {
    operationId: call.operationId,
    summary: call.summary,
    description: scope === null ? call.description : `${call.description} ${scope}`,
    ...(call.scope === 'open' ? { security: [] } : {}),
    ...(call.params === undefined ? {} : { requestParams: call.params }),
    ...(call.request === undefined ? {} : { requestBody: { required: true, content: { [call.request.contentType]: { schema: call.request.schema } } } }),
    responses: responses(call),
  }
}

const signedHeaders = z.object({
  'webhook-id': z.string().meta({ description: 'The message id: the same on every retry. Deduplicate by it.' }),
  'webhook-timestamp': z.string().meta({ description: 'Seconds since 1970 when this attempt was signed: refuse old ones.' }),
  'webhook-signature': z.string().meta({
    description: '`v1,` and the base64 HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<body>` with the key of your endpoint secret (after `whsec_`, base64).',
  }),
})

const retries = WEBHOOK_RETRY_DELAYS_SECONDS.length
function webhook(summary: string, description: string, schema: z.ZodType): ZodOpenApiOperationObject {
  return {
    summary,
    description: `${description} Signed the Standard Webhooks way. Any 2xx within ${WEBHOOK_TIMEOUT_SECONDS} s is delivered; otherwise it is sent again, up to ${retries} more times over about 18 hours.`,
    requestParams: { header: signedHeaders },
    requestBody: { required: true, content: { 'application/json': { schema } } },
    responses: { '200': { description: 'Received (any 2xx).' } },
  }
}

export function publicOpenApi(): ReturnType<typeof createDocument> {
  const paths: ZodOpenApiPathsObject = {}
  for (const call of PUBLIC_CALLS) paths[call.path] = { ...paths[call.path], [call.method]: operation(call) }
  return createDocument({
    openapi: '3.1.0',
    info: {
      title: 'Actorly developer API',
      version: '1',
      description:
        'Create UGC actor, lip-sync and consistent actor videos from your own code, with the credits of your account. Authenticate with an API key from the Account screen as `Authorization: Bearer actorly_sk_…`. Errors are RFC 9457 problem details with a stable `code`.',
    },
    components: {
      securitySchemes: {
        apiKey: { type: 'http', scheme: 'bearer', bearerFormat: 'actorly_sk_…', description: 'A personal API key, made on the Account screen.' },
      },
    },
    security: [{ apiKey: [] }],
    paths,
    webhooks: {
      'generation.completed': { post: webhook('A generation completed', 'Its `data` is the generation, with its video link.', generationEventSchema) },
      'generation.failed': {
        post: webhook('A generation failed', 'Its `data` is the generation, with the error; the credits were given back.', generationEventSchema),
      },
      ping: { post: webhook('A test from the Account screen', 'Sent once, when you press Send test.', pingEventSchema) },
    },
  })
}
