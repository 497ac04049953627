import { describe, expect, it } from 'vitest'
import { KeptVideoUrls, mediaIdentity } from './media-identity'

const origin = 'https://app.test'

describe('mediaIdentity', () => {
  it('drops the signature of our own media links, so every link to one video is the same video', () => {
    expect(mediaIdentity(`${origin}/media/a.mp4?exp=1&sig=x`, origin)).toBe(`${origin}/media/a.mp4`)
    expect(mediaIdentity(`${origin}/media/a.mp4?exp=2&sig=y`, origin)).toBe(`${origin}/media/a.mp4`)
    expect(mediaIdentity('/media/a.mp4?exp=2&sig=y', origin)).toBe(`${origin}/media/a.mp4`)
    // Rows kept before links were signed already have this form.
    expect(mediaIdentity(`${origin}/media/a.mp4`, origin)).toBe(`${origin}/media/a.mp4`)
  })

  it('leaves other URLs alone', () => {
    expect(mediaIdentity('https://cdn.test/media/a.mp4?sig=1', origin)).toBe('https://cdn.test/media/a.mp4?sig=1')
    expect(mediaIdentity(`${origin}/samples/a.mp4?v=1`, origin)).toBe(`${origin}/samples/a.mp4?v=1`)
  })
})

describe('KeptVideoUrls', () => {
  it('knows a kept video by any of its links', () => {
    const here = location.origin
    const kept = new KeptVideoUrls([mediaIdentity(`${here}/media/a.mp4?exp=1&sig=x`)])
    expect(kept.has(`${here}/media/a.mp4?exp=9&sig=z`)).toBe(true)
    expect(kept.has(`${here}/media/b.mp4?exp=9&sig=z`)).toBe(false)
    expect(kept.size).toBe(1)
  })
})
