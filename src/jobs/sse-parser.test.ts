import { describe, expect, it } from 'vitest'
import { createSseParser, type ServerSentEvent } from './sse-parser'

function parse(chunks: string[]): ServerSentEvent[] {
  const events: ServerSentEvent[] = []
  const feed = createSseParser((event) => events.push(event))
  for (const chunk of chunks) feed(chunk)
  return events
}

describe('createSseParser', () => {
  it('reads events split anywhere across chunks, with ids, types and multi-line data', () => {
    expect(parse(['event: job\nid: 4', '2\ndata: {"a":', '1}\n\n: keep-alive\n\nda', 'ta: one\ndata: two\n\n'])).toEqual([
      { event: 'job', id: '42', data: '{"a":1}' },
      { event: 'message', id: null, data: 'one\ntwo' },
    ])
  })

  it('accepts CRLF line ends and ignores an unfinished event', () => {
    expect(parse(['event: ready\r\nid: 7\r\ndata: {}\r\n\r\nevent: job\r\ndata: half'])).toEqual([{ event: 'ready', id: '7', data: '{}' }])
  })
})
