/**
 * JSON Schema as far as the project's OpenAPI documents use it (written by zod and
 * zod-openapi from the contract's schemas): what the docs generator and the
 * developer page read, not the whole standard.
 */
export interface JsonSchema {
  $ref?: string
  type?: string | string[]
  enum?: unknown[]
  const?: unknown
  anyOf?: JsonSchema[]
  properties?: Record<string, JsonSchema>
  required?: string[]
  items?: JsonSchema
  default?: unknown
  minimum?: number
  maximum?: number
  exclusiveMinimum?: number
  minLength?: number
  maxLength?: number
  format?: string
  description?: string
}
