import type { FalField, FalInputSchema } from '../fal-schema.ts'
import { falEndpoint } from '../model-families.ts'

// The fake fal server's input check: a submission is held against the model's
// published schema from the model-family table, and refused as fal refuses
// it: 422 with `{ detail: [{ loc, msg, type, url, input?, ctx? }] }` (fal's
// "Model Errors" shape, https://docs.fal.ai/errors). Fields the schema does
// not name are ignored, as fal ignores them, but recorded so the contract
// tests can insist that nothing the server sends is silently dropped. JSON
// types are taken as published: the fake does not model lax coercions such as
// "5" for an integer, so it is at most stricter than fal.

export interface FalErrorDetail {
  loc: (string | number)[]
  msg: string
  type: string
  url: string
  input?: unknown
  ctx?: Record<string, unknown>
}

export interface FalInputCheck {
  /** Empty when fal would accept the input. */
  errors: FalErrorDetail[]
  /** Fields fal would ignore (not in the published schema). */
  ignoredFields: string[]
}

const detail = (loc: (string | number)[], type: string, msg: string, extra: Pick<FalErrorDetail, 'input' | 'ctx'> = {}): FalErrorDetail => ({
  loc,
  msg,
  type,
  url: `https://docs.fal.ai/errors#${type}`,
  ...extra,
})

function fieldError(loc: (string | number)[], spec: FalField, value: unknown): FalErrorDetail[] {
  const found = fieldErrorAt(loc, spec, value)
  if (found === null) return []
  return Array.isArray(found) ? found : [found]
}

function fieldErrorAt(loc: (string | number)[], spec: FalField, value: unknown): FalErrorDetail[] | FalErrorDetail | null {
  switch (spec.type) {
    case 'string':
      return typeof value === 'string' ? null : detail(loc, 'string_type', 'Input should be a valid string', { input: value })
    case 'boolean':
      return typeof value === 'boolean' ? null : detail(loc, 'bool_type', 'Input should be a valid boolean', { input: value })
    case 'integer':
      if (typeof value !== 'number' || !Number.isInteger(value)) return detail(loc, 'int_type', 'Input should be a valid integer', { input: value })
      if (spec.min !== undefined && value < spec.min) {
        return detail(loc, 'greater_than_equal', `Input should be greater than or equal to ${spec.min}`, { input: value, ctx: { ge: spec.min } })
      }
      if (spec.max !== undefined && value > spec.max) {
        return detail(loc, 'less_than_equal', `Input should be less than or equal to ${spec.max}`, { input: value, ctx: { le: spec.max } })
      }
      return null
    case 'number':
      if (typeof value !== 'number' || !Number.isFinite(value)) return detail(loc, 'float_type', 'Input should be a valid number', { input: value })
      if (spec.min !== undefined && value < spec.min) {
        return detail(loc, 'greater_than_equal', `Input should be greater than or equal to ${spec.min}`, { input: value, ctx: { ge: spec.min } })
      }
      if (spec.max !== undefined && value > spec.max) {
        return detail(loc, 'less_than_equal', `Input should be less than or equal to ${spec.max}`, { input: value, ctx: { le: spec.max } })
      }
      return null
    case 'object':
      if (typeof value !== 'object' || value === null || Array.isArray(value)) {
        return detail(loc, 'model_attributes_type', 'Input should be a valid dictionary or object', { input: value })
      }
      return checkFields(loc, spec.fields, value).errors
    case 'enum': {
      if (typeof value === 'string' && spec.values.includes(value)) return null
      const expected = spec.values.map((v) => `'${v}'`).join(', ')
      return detail(loc, 'enum', `Input should be ${expected}`, { input: value, ctx: { expected } })
    }
  }
}

/** The fields of one object (the body, or a nested settings object) against their schema; ignored fields by dotted path. */
function checkFields(loc: (string | number)[], schema: FalInputSchema, body: object): FalInputCheck {
  const fields = new Map(Object.entries(body))
  const errors: FalErrorDetail[] = []
  const ignoredFields: string[] = []
  const prefix = loc.slice(1).join('.')
  for (const [name, spec] of Object.entries(schema)) {
    const value = fields.get(name)
    if (value === undefined) {
      if (spec.type === 'string' && spec.required === true) errors.push(detail([...loc, name], 'missing', 'Field required'))
      continue
    }
    errors.push(...fieldError([...loc, name], spec, value))
    if (spec.type === 'object' && typeof value === 'object' && value !== null && !Array.isArray(value)) {
      ignoredFields.push(...checkFields([...loc, name], spec.fields, value).ignoredFields)
    }
  }
  for (const name of fields.keys()) if (!(name in schema)) ignoredFields.push(prefix === '' ? name : `${prefix}.${name}`)
  return { errors, ignoredFields }
}

/** Holds a submitted body against a published input schema. */
export function checkFalInput(schema: FalInputSchema, body: unknown): FalInputCheck {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { errors: [detail(['body'], 'model_attributes_type', 'Input should be a valid dictionary or object', { input: body })], ignoredFields: [] }
  }
  return checkFields(['body'], schema, body)
}

/** The check for a submission to `endpointId`; a model the table does not know is refused like an invalid input. */
export function checkFalSubmission(endpointId: string, body: unknown): FalInputCheck {
  const endpoint = falEndpoint(endpointId)
  if (endpoint === undefined) {
    return {
      errors: [detail(['path'], 'unknown_model', `The fake fal server does not know the model ${endpointId}`, { input: endpointId })],
      ignoredFields: [],
    }
  }
  return checkFalInput(endpoint.input, body)
}
