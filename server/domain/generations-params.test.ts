import { describe, expect, it } from 'vitest'
import { type JobParams, parseJobParams } from './generations-params.ts'

// A job's stored params carry the user's language to the worker that renders it
// later (docs/decisions/0147): reading them back keeps it, and older rows without
// one still read.

const settings = { seed: 7, pro_mode: false, aspect_ratio: '9:16', resolution: '1080p' }

describe('stored job params', () => {
  it('keep the language of a local preview’s label through the row', () => {
    const params: JobParams = {
      input: { kind: 'consistent', prompt: 'Ein Lächeln', imageUrl: '/media/face.png', durationSeconds: 5, locale: 'de' },
      settings,
      demo: false,
    }
    expect(parseJobParams(JSON.stringify(params)).input).toMatchObject({ kind: 'consistent', locale: 'de' })
  })

  it('read an older row without a language, and refuse a language the app does not speak', () => {
    const older = { input: { kind: 'ugc', prompt: 'p', seed: 1, durationSeconds: 5, enhanced: false }, settings, demo: false }
    expect(parseJobParams(JSON.stringify(older)).input).not.toHaveProperty('locale')
    expect(() => parseJobParams(JSON.stringify({ ...older, input: { ...older.input, locale: 'fr' } }))).toThrow(/locale/)
  })
})
