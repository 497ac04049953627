// Byte ranges for videos the worker answers itself (kept videos from IndexedDB).
// A <video> asks for ranges to start and to seek; Safari never asks any other
// way, so without a 206 a kept video would not play there at all. Pure
// functions: the worker only slices the blob as the plan says.

/** Inclusive first and last byte, as in `Content-Range: bytes start-end/size`. */
export interface ByteSpan {
  start: number
  end: number
}

/** null: answer the whole file (no header, several ranges, or one we do not read). */
export type RangeRequest = ByteSpan | 'unsatisfiable' | null

/** One `bytes=` range of RFC 9110 §14.1.2, resolved against the size. */
export function parseRange(header: string | null, size: number): RangeRequest {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header?.trim() ?? '')
  if (match === null) return null
  const [, first = '', last = ''] = match
  if (first === '' && last === '') return null
  if (first === '') {
    // A suffix range: the last N bytes.
    const suffix = Number(last)
    if (suffix === 0 || size === 0) return 'unsatisfiable'
    return { start: Math.max(0, size - suffix), end: size - 1 }
  }
  const start = Number(first)
  if (start >= size) return 'unsatisfiable'
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1)
  // A last byte before the first makes the header invalid, which means "ignore it" (RFC 9110).
  return end < start ? null : { start, end }
}

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
