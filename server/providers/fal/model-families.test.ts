import { describe, expect, it } from 'vitest'
import { ASPECT_RATIOS, DEFAULT_DURATION, LIPSYNC_MODELS, RESOLUTIONS, SEED_MAX, SEED_MIN } from '../../../contract/constants.ts'
import type { GenerationInput } from '../provider.ts'
import { checkFalInput } from './testing/fake-fal-validation.ts'
import { enumValues } from './fal-schema.ts'
import { FAL_ENDPOINTS, falEndpoint, type FalEndpoint, type FalRequestBody } from './model-families.ts'

// The table itself: every UGC model in it can take the spec's request
// (spec §3/§9: 9:16, 1080p, duration 5, seed 0–999999), and every mapping
// produces an input its own published schema accepts.

/** The endpoint's request for a job of its own kind, or null for another kind. */
function bodyFor(endpoint: FalEndpoint, input: GenerationInput): FalRequestBody | null {
  if (input.kind === 'ugc' && endpoint.kind === 'ugc') return endpoint.toInput(input)
  if (input.kind === 'lipsync' && endpoint.kind === 'lipsync') return endpoint.toInput(input)
  if (input.kind === 'consistent' && endpoint.kind === 'consistent') return endpoint.toInput(input)
  if (input.kind === 'voice' && endpoint.kind === 'speech') return endpoint.toInput(input)
  return null
}

const ugcEndpoints = FAL_ENDPOINTS.filter((endpoint) => endpoint.kind === 'ugc')

describe('the model-family table', () => {
  it('names each endpoint once', () => {
    expect(new Set(FAL_ENDPOINTS.map((endpoint) => endpoint.id)).size).toBe(FAL_ENDPOINTS.length)
  })

  it.each(ugcEndpoints.map((endpoint) => [endpoint.id, endpoint] as const))('%s takes 9:16, 1080p, 5 s and a seed', (_id, endpoint) => {
    expect(enumValues(endpoint.input, 'aspect_ratio')).toContain(ASPECT_RATIOS[0])
    expect(enumValues(endpoint.input, 'resolution')).toContain(RESOLUTIONS[0])
    expect(enumValues(endpoint.input, 'duration')).toContain(DEFAULT_DURATION)
    expect(endpoint.input.seed?.type).toBe('integer')
  })

  it('points each higher tier at a UGC model of the same family', () => {
    for (const endpoint of ugcEndpoints) {
      if (endpoint.higherTier === null) continue
      const higher = falEndpoint(endpoint.higherTier)
      expect(higher?.kind).toBe('ugc')
      expect(higher?.family).toBe(endpoint.family)
    }
  })

  it('offers both lip-sync models of spec §3, each as a model the endpoint has', () => {
    for (const endpoint of FAL_ENDPOINTS.filter((e) => e.kind === 'lipsync')) {
      const sent = LIPSYNC_MODELS.map((model) =>
        endpoint.kind === 'lipsync' ? endpoint.toInput({ kind: 'lipsync', videoUrl: 'v', audioUrl: 'a', audioSeconds: 1, model }).model : null,
      )
      for (const model of sent) expect(enumValues(endpoint.input, 'model')).toContain(model)
      // Two different options: the dearer spec model asks for the dearer one.
      expect(new Set(sent).size).toBe(2)
    }
  })

  it.each([SEED_MIN, SEED_MAX])('maps every job into an input its schema accepts (seed %i)', (seed) => {
    const inputs: GenerationInput[] = [
      { kind: 'ugc', prompt: 'p', seed, durationSeconds: 5, enhanced: false },
      { kind: 'ugc', prompt: 'p', seed, durationSeconds: 10, enhanced: true },
      { kind: 'lipsync', videoUrl: 'https://cdn.example/v.mp4', audioUrl: 'https://cdn.example/a.wav', audioSeconds: 4, model: 'lipsync-1.8.0' },
      { kind: 'consistent', prompt: 'p', imageUrl: 'https://cdn.example/f.png', durationSeconds: 5 },
      { kind: 'voice', text: 'Grüße!', language: 'de', voice: 'de-max' },
      { kind: 'voice', text: 'Hello!', language: 'en', voice: 'en-ava' },
    ]
    for (const endpoint of FAL_ENDPOINTS) {
      for (const input of inputs) {
        const body = bodyFor(endpoint, input)
        if (body === null) continue
        expect({ endpoint: endpoint.id, ...checkFalInput(endpoint.input, body) }).toEqual({ endpoint: endpoint.id, errors: [], ignoredFields: [] })
      }
    }
    for (const endpoint of FAL_ENDPOINTS) {
      if (endpoint.kind !== 'transcription') continue
      const body = endpoint.toInput({ audioUrl: 'https://cdn.example/a.mp3', language: 'de' })
      expect(checkFalInput(endpoint.input, body)).toEqual({ errors: [], ignoredFields: [] })
    }
  })
})
