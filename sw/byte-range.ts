// Byte ranges for videos the worker answers itself (kept videos from IndexedDB).
// A <video> asks for ranges to start and to seek; Safari never asks any other
// way, so without a 206 a kept video would not play there at all. The header
// is read by the parser the server uses too; this plans the answer, and the
// worker only slices the chunks as the plan says.
import { parseRange, type ByteSpan } from '@contract/byte-range'

/** What to answer: status, headers and the part of the bytes to send (null: none). */
export interface RangeAnswer {
  status: 200 | 206 | 416
  headers: Record<string, string>
  span: ByteSpan | null
}

export function answerRange(header: string | null, size: number, type: string): RangeAnswer {
  const range = parseRange(header, size)
  const common = { 'Content-Type': type, 'Accept-Ranges': 'bytes', 'X-Content-Type-Options': 'nosniff' }
  if (range === 'unsatisfiable') {
    return { status: 416, headers: { ...common, 'Content-Range': `bytes */${size}`, 'Content-Length': '0' }, span: null }
  }
  if (range === null) {
    return { status: 200, headers: { ...common, 'Content-Length': String(size) }, span: size === 0 ? null : { start: 0, end: size - 1 } }
  }
  const length = range.end - range.start + 1
  return {
    status: 206,
    headers: { ...common, 'Content-Length': String(length), 'Content-Range': `bytes ${range.start}-${range.end}/${size}` },
    span: range,
  }
}
