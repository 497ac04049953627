// zod/mini: this schema sits in the entry chunk (route search), so it must stay small (quality.md budgets).
import * as z from 'zod/mini'

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

export const generatorSearchSchema = z.object({
  step: z.catch(z._default(z.union([z.literal(1), z.literal(2)]), 1), 1),
  video: z.pipe(z.catch(z.optional(z.string()), undefined), z.transform(toVideoAddress)),
})

/** The validated search the generator screens receive. */
export type GeneratorSearch = z.output<typeof generatorSearchSchema>
