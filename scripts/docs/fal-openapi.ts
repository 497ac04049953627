// The OpenAPI 3.1 document of the /api/fal/v1 calls, made by zod-openapi from
// the contract's zod schemas (request bodies as clients may send them, answers
// as the server sends them).
import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject, type ZodOpenApiResponsesObject } from 'zod-openapi'
import { apiErrorBodySchema, FAL_CALLS, type FalCall } from './fal-calls.ts'

function responses(call: FalCall): ZodOpenApiResponsesObject {
  const answers: ZodOpenApiResponsesObject = {}
  if (call.answer === undefined) answers['200'] = { description: 'Delivery taken (also when it was taken before).' }
  else answers['200'] = { description: 'OK', content: { [call.answer.contentType]: { schema: call.answer.schema } } }
  for (const status of [...new Set(call.refusals.map((refusal) => refusal.status))].sort()) {
    const lines = call.refusals.filter((refusal) => refusal.status === status).map((refusal) => `\`${refusal.code}\`: ${refusal.when}`)
    answers[`${status}`] = { description: lines.join('\n'), content: { 'application/json': { schema: apiErrorBodySchema } } }
  }
  return answers
}

function operation(call: FalCall): ZodOpenApiOperationObject {
  return {
    summary: call.summary,
    ...(call.caller === 'fal signature' || call.caller === 'anyone' ? { security: [] } : { security: [{ idToken: [] }] }),
    ...(call.caller === 'anyone' ? { 'x-caller': 'anyone' } : {}),
    ...(call.request === undefined ? {} : { requestBody: { required: true, content: { 'application/json': { schema: call.request } } } }),
    responses: responses(call),
  }
}

export function falOpenApi(): ReturnType<typeof createDocument> {
  const paths: ZodOpenApiPathsObject = {}
  for (const call of FAL_CALLS) paths[call.path] = { ...paths[call.path], [call.method]: operation(call) }
  return createDocument({
    openapi: '3.1.0',
    info: { title: 'Actorly generation API (/api/fal/v1)', version: '1' },
    components: { securitySchemes: { idToken: { type: 'http', scheme: 'bearer', description: 'A Firebase ID token of a verified account' } } },
    paths,
  })
}
