// @vitest-environment node
// Node's Blob, ReadableStream and Response are one implementation, as in a service worker (jsdom's Blob is not readable by Response).
import { describe, expect, it } from 'vitest'
import { splitIntoChunks } from '@/device/kept-video-chunks'
import { type KeptBytes, keptVideoResponse } from './kept-video-response'

const bytes = new TextEncoder().encode('0123456789abcdefghij')
const chunks = splitIntoChunks(bytes.buffer, 3)
const chunked: KeptBytes = { type: 'video/mp4', size: bytes.length, chunkSize: 3, readChunk: async (index) => chunks[index] }
const blob: KeptBytes = { type: 'video/mp4', size: bytes.length, blob: new Blob([bytes], { type: 'video/mp4' }) }

async function text(response: Response): Promise<string> {
  return new TextDecoder().decode(await response.arrayBuffer())
}

describe.each([
  ['chunks', chunked],
  ['a Blob kept before chunks', blob],
])('keptVideoResponse from %s', (_form, video) => {
  it('answers a range with exactly those bytes', async () => {
    const response = keptVideoResponse(video, 'bytes=5-9')
    expect(response.status).toBe(206)
    expect(response.headers.get('Content-Range')).toBe('bytes 5-9/20')
    expect(response.headers.get('Content-Length')).toBe('5')
    expect(await text(response)).toBe('56789')
  })

  it('answers a seek to the end and the whole file', async () => {
    expect(await text(keptVideoResponse(video, 'bytes=-3'))).toBe('hij')
    const whole = keptVideoResponse(video, null)
    expect(whole.status).toBe(200)
    expect(whole.headers.get('Content-Type')).toBe('video/mp4')
    expect(await text(whole)).toBe('0123456789abcdefghij')
  })

  it('answers a range past the end with 416 and no body', async () => {
    const response = keptVideoResponse(video, 'bytes=20-')
    expect(response.status).toBe(416)
    expect(await text(response)).toBe('')
  })
})

it('reads only the chunks a seek needs', async () => {
  const read: number[] = []
  const readChunk = async (index: number) => {
    read.push(index)
    return chunks[index]
  }
  const video: KeptBytes = { ...chunked, readChunk }
  expect(await text(keptVideoResponse(video, 'bytes=10-12'))).toBe('abc')
  expect(read).toEqual([3, 4])
})
