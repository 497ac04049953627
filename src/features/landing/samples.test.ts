import { existsSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { CAROUSEL_SAMPLE_COUNT } from '@contract/constants'
import { SAMPLES } from './samples'

/** The repository's limit for a committed media file (brief). */
const MAX_MEDIA_BYTES = 300 * 1024
const publicDir = join(import.meta.dirname, '../../../public')

describe('landing samples (spec §2: 16 samples with id, url, title, description)', () => {
  it('has 16 distinct samples', () => {
    expect(SAMPLES).toHaveLength(CAROUSEL_SAMPLE_COUNT)
    expect(new Set(SAMPLES.map((s) => s.id)).size).toBe(CAROUSEL_SAMPLE_COUNT)
    expect(new Set(SAMPLES.map((s) => s.title.id)).size).toBe(CAROUSEL_SAMPLE_COUNT)
  })

  it('points at rendered files that exist and stay small', () => {
    const files = SAMPLES.flatMap((sample) => [sample.url, sample.poster]).map((url) => join(publicDir, url))
    expect(files.filter((file) => !existsSync(file))).toEqual([])
    expect(files.filter((file) => statSync(file).size >= MAX_MEDIA_BYTES)).toEqual([])
  })
})
