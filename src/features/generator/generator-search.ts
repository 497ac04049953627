import type { SearchSchemaInput } from '@tanstack/react-router'

// The /ugc-actor search (spec §2 "UGC actor page"): `step` (1 or 2) and `video`,
// a URL-encoded video address that preloads the generated and lip-sync input video.
// Bad values never break the page: they fall back to step 1 / no video.

export const GENERATOR_STEPS = [1, 2] as const
export type GeneratorStep = (typeof GENERATOR_STEPS)[number]

/** The video address if it is an absolute http(s) URL, decoding a doubly encoded value once more. */
export function toVideoAddress(raw: string | undefined): string | undefined {
  if (raw === undefined) return undefined
  const candidates = [raw.trim()]
  try {
    candidates.push(decodeURIComponent(raw.trim()))
  } catch {
    // Malformed percent-encoding: only the raw value is a candidate.
  }
  for (const candidate of candidates) {
    if (!URL.canParse(candidate)) continue
    const url = new URL(candidate)
    if (url.protocol === 'http:' || url.protocol === 'https:') return url.href
  }
  return undefined
}

/** The validated search the generator screens receive. */
export interface GeneratorSearch {
  step: GeneratorStep
  video: string | undefined
}

/**
 * The search as the generator reads it, from whatever the address holds. Plain code rather than a schema: it runs with the
 * route tree on every screen, where a schema library would cost every first visit
 * (docs/decisions/0203).
 */
export function parseGeneratorSearch(search: Record<string, unknown>): GeneratorSearch {
  return {
    step: search.step === 2 ? 2 : 1,
    video: typeof search.video === 'string' ? toVideoAddress(search.video) : undefined,
  }
}

/** For the routes: linking here needs neither key (the router reads the input type off `parse`). */
export const generatorSearchSchema = {
  parse: (search: { step?: unknown; video?: unknown } & SearchSchemaInput): GeneratorSearch => parseGeneratorSearch(search),
}
