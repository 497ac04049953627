// Renders the /api/fal/v1 part of docs/api.md from the OpenAPI document
// (./fal-openapi.ts): per call its caller, request fields, answer fields and
// refusals. JSON Schema is read only as far as zod writes it.

import type { JsonSchema } from '../../contract/json-schema.ts'

interface Media {
  schema?: JsonSchema
}
interface Operation {
  summary?: string
  security?: unknown[]
  /** 'anyone': a public call (no sign-in); otherwise `security` tells. */
  'x-caller'?: string
  requestBody?: { content?: Record<string, Media> }
  responses?: Record<string, { description?: string; content?: Record<string, Media> }>
}
export interface OpenApiDocument {
  paths?: Record<string, Record<string, Operation> | undefined>
  components?: { schemas?: Record<string, JsonSchema> }
}

const SAFE = Number.MAX_SAFE_INTEGER

function resolve(schema: JsonSchema, doc: OpenApiDocument): JsonSchema {
  const name = schema.$ref?.replace('#/components/schemas/', '')
  return name === undefined ? schema : resolve(doc.components?.schemas?.[name] ?? {}, doc)
}

function typeOf(schema: JsonSchema, doc: OpenApiDocument): string {
  const s = resolve(schema, doc)
  if (s.enum !== undefined) return s.enum.map((value) => JSON.stringify(value)).join(' \\| ')
  if (s.const !== undefined) return JSON.stringify(s.const)
  if (s.anyOf !== undefined) return s.anyOf.map((part) => typeOf(part, doc)).join(' \\| ')
  if (s.type === 'array') return `${s.items === undefined ? 'any' : typeOf(s.items, doc)}[]`
  if (Array.isArray(s.type)) return s.type.join(' \\| ')
  return s.format === undefined ? (s.type ?? 'any') : `${s.type ?? 'string'} (${s.format})`
}

function limits(schema: JsonSchema): string[] {
  const s = schema.anyOf?.find((part) => part.type !== 'null') ?? schema
  const notes: string[] = []
  const min = s.minimum !== undefined && s.minimum > -SAFE ? `≥ ${s.minimum}` : s.exclusiveMinimum === undefined ? undefined : `> ${s.exclusiveMinimum}`
  const max = s.maximum !== undefined && s.maximum < SAFE ? `≤ ${s.maximum}` : undefined
  if (min !== undefined || max !== undefined) notes.push([min, max].filter(Boolean).join(', '))
  if (s.minLength !== undefined || s.maxLength !== undefined)
    notes.push(`${s.minLength ?? 0}–${s.maxLength ?? '∞'} characters`.replace('1–∞ characters', 'not empty'))
  return notes
}

function rows(schema: JsonSchema, doc: OpenApiDocument, prefix = ''): string[] {
  const s = resolve(schema, doc)
  const object = s.type === 'array' && s.items !== undefined ? resolve(s.items, doc) : s
  if (object.properties === undefined) return []
  const inner = s.type === 'array' ? `${prefix.replace(/\.$/, '')}[].` : prefix
  return Object.entries(object.properties).flatMap(([name, field]) => {
    const resolved = resolve(field, doc)
    const notes = [...limits(resolved)]
    if (resolved.default !== undefined) notes.push(`default ${JSON.stringify(resolved.default)}`)
    if (resolved.description !== undefined) notes.push(resolved.description)
    const required = object.required?.includes(name) ? 'yes' : 'no'
    const nested = resolved.properties !== undefined || resolved.items?.properties !== undefined || resolved.items?.$ref !== undefined
    const type = nested ? (resolved.type === 'array' ? 'object[]' : 'object') : typeOf(resolved, doc)
    const row = `| \`${inner}${name}\` | ${type} | ${required} | ${notes.join('; ').replaceAll('|', '\\|')} |`
    return [row, ...(nested ? rows(resolved, doc, `${inner}${name}.`) : [])]
  })
}

function fieldTable(schema: JsonSchema | undefined, doc: OpenApiDocument): string[] {
  const lines = schema === undefined ? [] : rows(schema, doc)
  return lines.length === 0 ? ['(none)'] : ['| Field | Type | Required | Notes |', '| --- | --- | --- | --- |', ...lines]
}

function section(path: string, method: string, op: Operation, doc: OpenApiDocument): string[] {
  const request = op.requestBody?.content?.['application/json']?.schema
  const answers = Object.entries(op.responses ?? {})
  const ok = answers.find(([status]) => status === '200')?.[1]
  const [okType, okMedia] = Object.entries(ok?.content ?? {})[0] ?? []
  const caller =
    op['x-caller'] === 'anyone' ? 'anyone, no sign-in' : op.security?.length === 0 ? "fal's webhook signature" : '`Authorization: Bearer <ID token>`'
  const refusals = answers
    .filter(([status]) => Number(status) >= 400)
    .flatMap(([status, answer]) =>
      (answer.description ?? '').split('\n').map((line) => {
        const [code, ...when] = line.split(': ')
        return `| ${status} | ${code} | ${when.join(': ')} |`
      }),
    )
  return [
    `### ${method.toUpperCase()} ${path}`,
    '',
    op.summary ?? '',
    '',
    `Caller: ${caller}.`,
    '',
    ...(request === undefined ? [] : ['Request body (JSON):', '', ...fieldTable(request, doc), '']),
    okMedia === undefined ? `Answer: 200, ${ok?.description ?? 'no body'}` : `Answer: 200, ${okType}:`,
    '',
    ...(okMedia === undefined ? [] : [...fieldTable(okMedia.schema, doc), '']),
    'Refusals (`{ message, code }`):',
    '',
    '| Status | Code | When |',
    '| --- | --- | --- |',
    ...refusals,
    '',
  ]
}

export function renderFalCalls(doc: OpenApiDocument): string {
  return Object.entries(doc.paths ?? {})
    .flatMap(([path, item]) => Object.entries(item ?? {}).flatMap(([method, op]) => section(path, method, op, doc)))
    .join('\n')
}
