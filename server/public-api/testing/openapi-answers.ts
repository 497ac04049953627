import { readFileSync } from 'node:fs'
import path from 'node:path'
import { validate } from '@hyperjump/json-schema/openapi-3-1'
import type { Json } from '@hyperjump/json-pointer'

// Holds the developer API's answers to its OpenAPI document
// (contract/public-api/openapi.json) with a maintained validator
// (@hyperjump/json-schema, OpenAPI 3.1 dialect): the path and method must be
// documented, the status too, with the content type, every header the
// document requires, and a body its schema accepts (answers are closed
// objects: an undocumented field fails).

export const DOCUMENT_FILE = path.resolve(import.meta.dirname, '../../../contract/public-api/openapi.json')
const DOCUMENT_URI = `file://${DOCUMENT_FILE}`

interface HeaderObject {
  required?: boolean
}
interface ResponseObject {
  headers?: Record<string, HeaderObject>
  content?: Record<string, unknown>
}
interface OperationObject {
  responses?: Record<string, ResponseObject>
}
export interface DocumentShape {
  paths: Record<string, Record<string, OperationObject>>
  webhooks?: Record<string, Record<string, unknown>>
}

export function readDocument(): DocumentShape {
  return JSON.parse(readFileSync(DOCUMENT_FILE, 'utf8'))
}

const pointer = (...parts: string[]): string => `#/${parts.map((part) => encodeURIComponent(part.replaceAll('~', '~0').replaceAll('/', '~1'))).join('/')}`

/** The documented path template a concrete path answers to, e.g. /generations/abc → /generations/{id}. */
export function templateOf(document: DocumentShape, concretePath: string): string | null {
  for (const template of Object.keys(document.paths)) {
    const pattern = new RegExp(`^${template.replaceAll(/\{\w+\}/g, '[^/]+')}$`)
    if (pattern.test(concretePath)) return template
  }
  return null
}

export interface CheckedAnswer {
  status: number
  headers: Headers
  body: unknown
}

/** Checks one answer against the document; answers its parsed body. Throws with what is wrong. */
export async function checkAnswer(method: string, url: string, response: Response): Promise<CheckedAnswer> {
  const document = readDocument()
  const { pathname } = new URL(url, 'http://localhost')
  const template = templateOf(document, pathname)
  if (template === null) throw new Error(`${method} ${pathname}: no such path in the document`)
  const operation = document.paths[template]?.[method.toLowerCase()]
  if (operation === undefined) throw new Error(`${method} ${template}: no such operation in the document`)
  const status = String(response.status)
  const documented = operation.responses?.[status]
  if (documented === undefined) throw new Error(`${method} ${template}: status ${status} is not documented (${await response.text()})`)
  for (const [name, header] of Object.entries(documented.headers ?? {})) {
    if (header.required === true && !response.headers.has(name)) throw new Error(`${method} ${template} ${status}: header ${name} is missing`)
  }
  const contentType = (response.headers.get('content-type') ?? '').split(';')[0]?.trim() ?? ''
  if (documented.content === undefined) return { status: response.status, headers: response.headers, body: null }
  if (!(contentType in documented.content)) throw new Error(`${method} ${template} ${status}: content type ${contentType} is not documented`)
  const text = await response.text()
  const body: Json = JSON.parse(text)
  const schemaUri = `${DOCUMENT_URI}${pointer('paths', template, method.toLowerCase(), 'responses', status, 'content', contentType, 'schema')}`
  const output = await validate(schemaUri, body, 'BASIC')
  if (!output.valid) {
    const where = (output.errors ?? []).map((error) => `${error.instanceLocation} (${error.keyword})`).join(', ')
    throw new Error(`${method} ${template} ${status}: the body does not match the document at ${where}: ${text.slice(0, 500)}`)
  }
  return { status: response.status, headers: response.headers, body }
}

/** Validates a value against a component or webhook schema of the document (e.g. a webhook body). */
export async function checkAgainst(parts: string[], value: Json): Promise<boolean> {
  return (await validate(`${DOCUMENT_URI}${pointer(...parts)}`, value)).valid
}
