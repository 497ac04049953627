// Which compressed form of an answer a client takes (Accept-Encoding, RFC 9110
// §12.5.3): brotli or gzip, by the client's q-values, brotli first on a tie
// (smaller). No header, or only q=0 for both, means the bytes as they are.

export type ContentEncoding = 'br' | 'gzip'

const OURS: readonly ContentEncoding[] = ['br', 'gzip']

/** The encodings the client accepts, most wanted first. */
export function acceptedEncodings(header: string | undefined | null): ContentEncoding[] {
  if (!header) return []
  const weights = new Map<string, number>()
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';')
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='))
    const weight = q === undefined ? 1 : Number(q.slice(2))
    if (name && Number.isFinite(weight)) weights.set(name, weight)
  }
  const weightOf = (encoding: ContentEncoding) => weights.get(encoding) ?? weights.get('*') ?? 0
  return OURS.filter((encoding) => weightOf(encoding) > 0).toSorted((a, b) => weightOf(b) - weightOf(a))
}

/** The file name suffix of the build's precompressed copies (vite.config.ts). */
export const ENCODED_SUFFIX: Record<ContentEncoding, string> = { br: '.br', gzip: '.gz' }
