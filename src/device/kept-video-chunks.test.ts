// @vitest-environment node
// Node's ReadableStream and Response, as in a service worker.
import { describe, expect, it } from 'vitest'
import { planChunks, splitIntoChunks, streamChunks } from './kept-video-chunks'

const bytes = (text: string): ArrayBuffer => new TextEncoder().encode(text).buffer
const text = (buffer: ArrayBuffer): string => new TextDecoder().decode(buffer)

/** A reader over in-memory chunks that records which indexes were read. */
function readerOf(chunks: ArrayBuffer[]) {
  const read: number[] = []
  return {
    read,
    readChunk: async (index: number) => {
      read.push(index)
      return chunks[index]
    },
  }
}

describe('splitIntoChunks', () => {
  it('cuts the bytes into chunks of the size, the last one shorter, nothing for an empty file', () => {
    expect(splitIntoChunks(bytes('0123456789'), 4).map(text)).toEqual(['0123', '4567', '89'])
    expect(splitIntoChunks(bytes('01234567'), 4).map(text)).toEqual(['0123', '4567'])
    expect(splitIntoChunks(new ArrayBuffer(0), 4)).toEqual([])
  })
})

describe('planChunks', () => {
  it('names the chunks a span covers', () => {
    expect(planChunks(0, 3, 4)).toEqual({ firstIndex: 0, lastIndex: 0 })
    expect(planChunks(5, 9, 4)).toEqual({ firstIndex: 1, lastIndex: 2 })
    expect(planChunks(8, 8, 4)).toEqual({ firstIndex: 2, lastIndex: 2 })
  })
})

describe('streamChunks', () => {
  const chunks = splitIntoChunks(bytes('0123456789abcdefghij'), 4)

  it('streams exactly the span across chunk boundaries, reading only the chunks it covers', async () => {
    const reader = readerOf(chunks)
    const body = await new Response(streamChunks(reader.readChunk, 5, 13, 4)).arrayBuffer()
    expect(text(body)).toBe('56789abcd')
    expect(reader.read).toEqual([1, 2, 3])
  })

  it('streams a span inside one chunk and the whole file', async () => {
    expect(text(await new Response(streamChunks(readerOf(chunks).readChunk, 1, 2, 4)).arrayBuffer())).toBe('12')
    expect(text(await new Response(streamChunks(readerOf(chunks).readChunk, 0, 19, 4)).arrayBuffer())).toBe('0123456789abcdefghij')
  })

  it('errors instead of sending wrong bytes when a chunk is missing', async () => {
    const holes = [chunks[0], undefined, chunks[2]]
    const body = streamChunks(async (index) => holes[index], 0, 11, 4)
    await expect(new Response(body).arrayBuffer()).rejects.toThrow('kept video chunk 1 is missing')
  })
})
