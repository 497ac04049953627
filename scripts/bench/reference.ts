// BENCH_REFERENCE_URL: another web app to compare with, measured by the same
// Lighthouse runs interleaved with ours, so both see the same machine at the same
// moments and their ratio holds even when the machine is busy (decision 0205).
//   BENCH_REFERENCE_URL=https://peer.example/                  compared with our /
//   BENCH_REFERENCE_URL=/=https://peer.example/,/ugc-actor=https://peer.example/app

/** Our page path → the reference URL measured next to it. */
export function referencePages(value: string | undefined): Map<string, string> {
  const pairs = new Map<string, string>()
  for (const entry of (value ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    const separator = entry.startsWith('/') ? entry.indexOf('=') : -1
    const [ours, url] = separator > 0 ? [entry.slice(0, separator), entry.slice(separator + 1)] : ['/', entry]
    const parsed = URL.parse(url)
    if (parsed === null || !/^https?:$/.test(parsed.protocol)) throw new Error(`BENCH_REFERENCE_URL: "${entry}" is not an http(s) URL`)
    pairs.set(ours, parsed.href)
  }
  return pairs
}

/** Ours ÷ reference, e.g. "0.46×" (below 1: ours is smaller, for times faster); "-" when undefined. */
export function ratio(ours: number, reference: number): string {
  if (!Number.isFinite(ours) || !Number.isFinite(reference) || reference === 0) return '-'
  return `${(ours / reference).toFixed(2)}×`
}
