// The one `Range: bytes=` reader of the app: the server streams stored media
// with it (server/media/serve.ts) and the service worker answers kept videos
// with it (sw/byte-range.ts). A <video> asks for ranges to start and to seek;
// Safari never asks any other way, so both must answer 206 the same way.

/** Inclusive first and last byte, as in `Content-Range: bytes start-end/size`. */
export interface ByteSpan {
  start: number
  end: number
}

/** null: answer the whole file (no header, several ranges, or one we do not read). */
export type RangeRequest = ByteSpan | 'unsatisfiable' | null

/** One `bytes=` range of RFC 9110 §14.1.2, resolved against the size. */
export function parseRange(header: string | null | undefined, size: number): RangeRequest {
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
