import { describe, expect, it } from 'vitest'
import { ratio, referencePages } from './reference.ts'

describe('BENCH_REFERENCE_URL', () => {
  it('pairs a bare URL with our landing', () => {
    expect(referencePages('http://127.0.0.1:3000')).toEqual(new Map([['/', 'http://127.0.0.1:3000/']]))
  })

  it('pairs each of our pages with its own reference', () => {
    expect(referencePages('/=https://peer.example/, /ugc-actor=https://peer.example/app?x=1')).toEqual(
      new Map([
        ['/', 'https://peer.example/'],
        ['/ugc-actor', 'https://peer.example/app?x=1'],
      ]),
    )
  })

  it('is empty when unset and refuses what is not an http(s) URL', () => {
    expect(referencePages(undefined).size).toBe(0)
    expect(() => referencePages('peer.example')).toThrow(/not an http/)
    expect(() => referencePages('/=ftp://peer.example/')).toThrow(/not an http/)
  })
})

describe('ratio', () => {
  it('divides ours by the reference, and says when it cannot', () => {
    expect(ratio(1200, 2600)).toBe('0.46×')
    expect(ratio(0.01, 0)).toBe('-')
  })
})
