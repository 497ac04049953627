// The developer page's reference, read from the API's OpenAPI document
// (contract/public-api/openapi.json, generated from the contract's schemas):
// per call its parameters, body and answer fields and its refusals; the
// webhook events; every error code. JSON Schema is read only as far as
// zod-openapi writes it.

import type { JsonSchema } from '@contract/json-schema'

interface Parameter {
  in: string
  name: string
  required?: boolean
  description?: string
  schema?: JsonSchema
}
interface Media {
  schema?: JsonSchema
}
interface Operation {
  operationId?: string
  summary?: string
  description?: string
  parameters?: Parameter[]
  requestBody?: { content?: Record<string, Media> }
  responses?: Record<string, { description?: string; content?: Record<string, Media> }>
}
export interface OpenApiDocument {
  paths?: Record<string, Record<string, Operation>>
  webhooks?: Record<string, Record<string, Operation>>
  components?: { schemas?: Record<string, JsonSchema> }
}

export interface FieldRow {
  name: string
  type: string
  required: boolean
  notes: string
}

export interface Refusal {
  status: string
  code: string
  when: string
}

export interface OperationView {
  id: string
  method: string
  path: string
  summary: string
  description: string
  parameters: FieldRow[]
  body: { contentType: string; fields: FieldRow[] } | null
  answer: { status: string; fields: FieldRow[] } | null
  refusals: Refusal[]
}

export interface WebhookView {
  name: string
  summary: string
  description: string
  headers: FieldRow[]
  fields: FieldRow[]
}

const SAFE = Number.MAX_SAFE_INTEGER

function resolve(schema: JsonSchema, doc: OpenApiDocument): JsonSchema {
  const name = schema.$ref?.replace('#/components/schemas/', '')
  return name === undefined ? schema : resolve(doc.components?.schemas?.[name] ?? {}, doc)
}

function typeOf(schema: JsonSchema, doc: OpenApiDocument): string {
  const s = resolve(schema, doc)
  if (s.enum !== undefined) return s.enum.map((value) => JSON.stringify(value)).join(' | ')
  if (s.const !== undefined) return JSON.stringify(s.const)
  if (s.anyOf !== undefined) return s.anyOf.map((part) => typeOf(part, doc)).join(' | ')
  if (s.type === 'array') return `${s.items === undefined ? 'any' : typeOf(s.items, doc)}[]`
  if (Array.isArray(s.type)) return s.type.join(' | ')
  if (s.properties !== undefined) return 'object'
  return s.type ?? 'any'
}

function notesOf(schema: JsonSchema): string {
  const s = schema.anyOf?.find((part) => part.type !== 'null') ?? schema
  const notes: string[] = []
  const min = s.minimum !== undefined && s.minimum > -SAFE ? `≥ ${s.minimum}` : s.exclusiveMinimum === undefined ? undefined : `> ${s.exclusiveMinimum}`
  const max = s.maximum !== undefined && s.maximum < SAFE ? `≤ ${s.maximum}` : undefined
  if (min !== undefined || max !== undefined) notes.push([min, max].filter(Boolean).join(', '))
  if (s.minLength !== undefined || s.maxLength !== undefined) notes.push(`${s.minLength ?? 0}–${s.maxLength ?? '∞'} characters`)
  if (schema.default !== undefined) notes.push(`default ${JSON.stringify(schema.default)}`)
  if (schema.description !== undefined) notes.push(schema.description)
  return notes.join('; ')
}

/** The fields of an object schema, nested objects and arrays of objects as `a.b` and `a[].b`. */
export function fieldsOf(schema: JsonSchema | undefined, doc: OpenApiDocument, prefix = ''): FieldRow[] {
  if (schema === undefined) return []
  const s = resolve(schema, doc)
  const object =
    s.type === 'array' && s.items !== undefined
      ? resolve(s.items, doc)
      : (s.anyOf?.map((part) => resolve(part, doc)).find((part) => part.properties !== undefined) ?? s)
  if (object.properties === undefined) return []
  const inner = s.type === 'array' ? `${prefix.replace(/\.$/, '')}[].` : prefix
  return Object.entries(object.properties).flatMap(([name, field]) => {
    const resolved = resolve(field, doc)
    const row: FieldRow = { name: `${inner}${name}`, type: typeOf(resolved, doc), required: object.required?.includes(name) ?? false, notes: notesOf(resolved) }
    const nested =
      resolved.properties !== undefined || resolved.anyOf?.some((part) => resolve(part, doc).properties !== undefined) === true || resolved.items !== undefined
    return [row, ...(nested ? fieldsOf(resolved, doc, `${inner}${name}.`) : [])]
  })
}

function refusalsOf(operation: Operation): Refusal[] {
  const seen = new Set<string>()
  return Object.entries(operation.responses ?? {})
    .filter(([status]) => Number(status) >= 400)
    .flatMap(([status, response]) =>
      (response.description ?? '').split('\n').flatMap((line) => {
        const match = /^`(\w+)`: (.*)$/.exec(line)
        if (match?.[1] === undefined || seen.has(`${status} ${match[1]}`)) return []
        seen.add(`${status} ${match[1]}`)
        return [{ status, code: match[1], when: match[2] ?? '' }]
      }),
    )
}

export function operationsOf(doc: OpenApiDocument): OperationView[] {
  return Object.entries(doc.paths ?? {}).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => {
      const [bodyType, body] = Object.entries(operation.requestBody?.content ?? {})[0] ?? []
      const [status, answer] = Object.entries(operation.responses ?? {}).find(([code]) => Number(code) < 300) ?? []
      return {
        id: operation.operationId ?? `${method}-${path}`,
        method: method.toUpperCase(),
        path,
        summary: operation.summary ?? '',
        description: operation.description ?? '',
        parameters: (operation.parameters ?? []).map((parameter) => ({
          name: `${parameter.name} (${parameter.in})`,
          type: parameter.schema === undefined ? 'string' : typeOf(parameter.schema, doc),
          required: parameter.required ?? false,
          notes: parameter.description ?? (parameter.schema === undefined ? '' : notesOf(parameter.schema)),
        })),
        body: bodyType === undefined ? null : { contentType: bodyType, fields: fieldsOf(body?.schema, doc) },
        answer: status === undefined ? null : { status, fields: fieldsOf(answer?.content?.['application/json']?.schema, doc) },
        refusals: refusalsOf(operation),
      }
    }),
  )
}

export function webhooksOf(doc: OpenApiDocument): WebhookView[] {
  return Object.entries(doc.webhooks ?? {}).flatMap(([name, item]) => {
    const operation = item.post
    if (operation === undefined) return []
    return [
      {
        name,
        summary: operation.summary ?? '',
        description: operation.description ?? '',
        headers: (operation.parameters ?? []).map((parameter) => ({
          name: parameter.name,
          type: 'string',
          required: parameter.required ?? false,
          notes: parameter.description ?? '',
        })),
        fields: fieldsOf(operation.requestBody?.content?.['application/json']?.schema, doc),
      },
    ]
  })
}

/** Every error code the API answers, with its statuses, in the order first met. */
export function errorCodesOf(doc: OpenApiDocument): { code: string; statuses: string[] }[] {
  const codes = new Map<string, Set<string>>()
  for (const operation of operationsOf(doc))
    for (const refusal of operation.refusals) codes.set(refusal.code, (codes.get(refusal.code) ?? new Set()).add(refusal.status))
  return [...codes.entries()].map(([code, statuses]) => ({ code, statuses: [...statuses].sort() }))
}
