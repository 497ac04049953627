import { describe, expect, it } from 'vitest'
import { createMediaLinks } from './links.ts'

const KEY = '3f0c2b1e-9a7d-4c55-8e21-0b9d7c6e5a41.mp4'

describe('signed media links', () => {
  let time = Date.parse('2026-05-01T10:00:00Z')
  const links = createMediaLinks({
    secret: 'links-test-signing-secret-0123456789abcdef',
    publicOrigin: 'https://app.example/',
    ttlSeconds: 86_400,
    now: () => time,
  })

  it('are absolute on the public origin, work until their expiry and not after', () => {
    const link = new URL(links.sign(KEY))
    expect(link.origin).toBe('https://app.example')
    expect(link.pathname).toBe(`/media/${KEY}`)
    const exp = link.searchParams.get('exp') ?? ''
    const sig = link.searchParams.get('sig') ?? ''
    expect(links.check(KEY, exp, sig)).toBe('valid')
    const saved = time
    time = Number(exp) * 1000
    expect(links.check(KEY, exp, sig)).toBe('expired')
    time = saved
  })

  it('give an export links of its own, shorter lifetime (a day here, rounded up to a quarter hour)', () => {
    const exp = Number(new URL(links.sign(KEY, 60)).searchParams.get('exp'))
    expect(exp * 1000 - time).toBeGreaterThanOrEqual(60_000)
    expect(exp * 1000 - time).toBeLessThanOrEqual(60_000 + 15 * 60_000)
  })

  it('are the same link within one quarter hour, so a repeated answer is cached', () => {
    const saved = time
    time = Date.parse('2026-05-01T10:03:00Z')
    const first = links.sign(KEY)
    time += 60_000
    expect(links.sign(KEY)).toBe(first)
    time = saved
  })

  it('refuse a signature spelled differently, even where base64url would decode it alike', () => {
    const link = new URL(links.sign(KEY))
    const exp = link.searchParams.get('exp') ?? ''
    const sig = link.searchParams.get('sig') ?? ''
    // A 32-byte MAC is 43 characters, whose last carries two spare bits: flipping
    // the lowest one leaves the decoded bytes as they were.
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'
    const last = alphabet.indexOf(sig.slice(-1))
    const respelled = `${sig.slice(0, -1)}${alphabet[last ^ 1]}`
    expect(Buffer.from(respelled, 'base64url')).toEqual(Buffer.from(sig, 'base64url'))
    expect(links.check(KEY, exp, respelled)).toBe('invalid')
  })

  it('cannot be moved to another key or forged with another secret', () => {
    const link = new URL(links.sign(KEY))
    const other = createMediaLinks({
      secret: 'another-secret-of-another-install-0123456789',
      publicOrigin: 'https://app.example',
      ttlSeconds: 60,
      now: () => time,
    })
    const exp = link.searchParams.get('exp') ?? ''
    const sig = link.searchParams.get('sig') ?? ''
    expect(links.check('7d2e4f60-1b3c-4a8d-9e7f-2c5b6a4d3e12.mp4', exp, sig)).toBe('invalid')
    expect(other.check(KEY, exp, sig)).toBe('invalid')
    expect(links.check(KEY, `${exp}0`, sig)).toBe('invalid')
    expect(links.check(KEY, '-1', sig)).toBe('invalid')
  })

  it('turn references into links for answers and leave outside URLs alone', () => {
    expect(links.forClient(`/media/${KEY}`)).toMatch(new RegExp(`^https://app.example/media/${KEY}\\?exp=\\d+&sig=`))
    expect(links.forClient('https://cdn.example/v.mp4')).toBe('https://cdn.example/v.mp4')
    expect(links.forClient(null)).toBeNull()
  })

  it('recognise our own media in a client’s URL, signed or not, and nothing else', () => {
    expect(links.keyOfOwnUrl(`https://app.example/media/${KEY}?exp=1&sig=x`, [])).toBe(KEY)
    expect(links.keyOfOwnUrl(`/media/${KEY}`, [])).toBe(KEY)
    expect(links.keyOfOwnUrl(`http://127.0.0.1:5173/media/${KEY}`, ['http://127.0.0.1:5173'])).toBe(KEY)
    expect(links.keyOfOwnUrl(`https://evil.example/media/${KEY}`, [])).toBeNull()
    expect(links.keyOfOwnUrl('https://app.example/media/..%2Fsecret.mp4', [])).toBeNull()
    expect(links.keyOfOwnUrl('not a url ::', [])).toBeNull()
  })
})
