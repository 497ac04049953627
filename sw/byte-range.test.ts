import { describe, expect, it } from 'vitest'
import { answerRange, parseRange } from './byte-range'

describe('parseRange', () => {
  const size = 1000

  it.each([
    ['bytes=0-', { start: 0, end: 999 }],
    ['bytes=0-99', { start: 0, end: 99 }],
    ['bytes=100-299', { start: 100, end: 299 }],
    ['bytes=999-999', { start: 999, end: 999 }],
    ['bytes=900-5000', { start: 900, end: 999 }],
    ['bytes=-100', { start: 900, end: 999 }],
    ['bytes=-5000', { start: 0, end: 999 }],
    [' bytes=5-9 ', { start: 5, end: 9 }],
  ])('reads %s', (header, span) => expect(parseRange(header, size)).toEqual(span))

  it.each(['bytes=1000-', 'bytes=1000-1001', 'bytes=-0'])('refuses %s as unsatisfiable', (header) =>
    expect(parseRange(header, size)).toBe('unsatisfiable'),
  )

  it.each([null, '', 'bytes=-', 'bytes=9-5', 'bytes=0-1,5-9', 'items=0-5', 'bytes=a-b'])(
    'answers the whole file for %s',
    (header) => expect(parseRange(header, size)).toBeNull(),
  )

  it('has nothing to give from an empty file', () => {
    expect(parseRange('bytes=0-', 0)).toBe('unsatisfiable')
    expect(parseRange('bytes=-10', 0)).toBe('unsatisfiable')
  })
})

describe('answerRange', () => {
  it('answers a range with 206, its Content-Range and length', () => {
    expect(answerRange('bytes=100-299', 1000, 'video/mp4')).toEqual({
      status: 206,
      headers: {
        'Content-Type': 'video/mp4',
        'Accept-Ranges': 'bytes',
        'X-Content-Type-Options': 'nosniff',
        'Content-Length': '200',
        'Content-Range': 'bytes 100-299/1000',
      },
      span: { start: 100, end: 299 },
    })
  })

  it('answers the whole file with 200 and says ranges are welcome', () => {
    const answer = answerRange(null, 1000, 'video/webm')
    expect(answer.status).toBe(200)
    expect(answer.headers).toMatchObject({ 'Content-Length': '1000', 'Accept-Ranges': 'bytes', 'Content-Type': 'video/webm' })
    expect(answer.headers).not.toHaveProperty('Content-Range')
    expect(answer.span).toEqual({ start: 0, end: 999 })
  })

  it('answers a range past the end with 416 and the size', () => {
    const answer = answerRange('bytes=2000-', 1000, 'video/mp4')
    expect(answer.status).toBe(416)
    expect(answer.headers['Content-Range']).toBe('bytes */1000')
    expect(answer.span).toBeNull()
  })
})
