import { existsSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { PROMPT_TEMPLATES, templateSample } from './ugc-templates'

/** The repository's limit for a committed media file. */
const MAX_MEDIA_BYTES = 300 * 1024
const publicDir = join(import.meta.dirname, '../../../../public')

describe('prompt templates (spec §3 Template: the six ids and their categories)', () => {
  it('are the six of the spec, each in its category', () => {
    expect(PROMPT_TEMPLATES.map((template) => [template.id, template.category])).toEqual([
      ['beach', 'lifestyle'],
      ['podcast', 'professional'],
      ['office', 'business'],
      ['stage', 'business'],
      ['healthcare', 'professional'],
      ['selfie', 'lifestyle'],
    ])
  })

  it("each has a rendered sample clip and its first frame for the composer's canvas and thumbnails (decision 0138)", () => {
    const files = PROMPT_TEMPLATES.flatMap((template) => Object.values(templateSample(template.id))).map((url) => join(publicDir, url))
    expect(files).toHaveLength(12)
    expect(files.filter((file) => !existsSync(file))).toEqual([])
    expect(files.filter((file) => statSync(file).size >= MAX_MEDIA_BYTES)).toEqual([])
  })
})
