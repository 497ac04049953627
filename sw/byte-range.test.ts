import { describe, expect, it } from 'vitest'
import { answerRange } from './byte-range'

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
