import { describe, expect, it } from 'vitest'
import { parseGeneratorSearch as parse, toVideoAddress } from './generator-search'

describe('generator search (spec §2 /ugc-actor ?step&video)', () => {
  it('defaults to step 1 without a video', () => {
    expect(parse({})).toEqual({ step: 1, video: undefined })
  })

  it('keeps step 1 or 2', () => {
    expect(parse({ step: 2 }).step).toBe(2)
    expect(parse({ step: 1 }).step).toBe(1)
  })

  it('falls back to step 1 for anything else', () => {
    for (const step of [0, 3, -1, 1.5, '2', 'abc', null, {}]) expect(parse({ step }).step).toBe(1)
  })

  it('accepts an http(s) video address', () => {
    expect(parse({ video: 'https://cdn.example.com/v/a.mp4' }).video).toBe('https://cdn.example.com/v/a.mp4')
    expect(parse({ video: 'http://127.0.0.1:8787/media/a.mp4?x=1' }).video).toBe('http://127.0.0.1:8787/media/a.mp4?x=1')
  })

  it('decodes a still URL-encoded address once more', () => {
    expect(parse({ video: 'https%3A%2F%2Fcdn.example.com%2Fa%20b.mp4' }).video).toBe('https://cdn.example.com/a%20b.mp4')
  })

  it('drops addresses that are not http(s) URLs, malformed or not text', () => {
    for (const video of ['javascript:alert(1)', 'data:video/mp4;base64,AAAA', 'file:///etc/passwd', '/media/a.mp4', 'not a url', '%E0%A4%A', 42, ''])
      expect(parse({ video }).video).toBeUndefined()
    expect(parse({ step: 2, video: 'javascript%3Aalert(1)' })).toEqual({ step: 2, video: undefined })
  })

  it('toVideoAddress leaves undefined alone', () => {
    expect(toVideoAddress(undefined)).toBeUndefined()
  })
})
