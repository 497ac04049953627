// Reads a text/event-stream response in tests (the page has its own reader,
// src/jobs/event-stream.ts): every event with its type, id, data and the
// moment it arrived.

export interface ReceivedEvent {
  event: string
  id: string | null
  data: string
  at: number
}

export interface EventStreamReader {
  status: number
  /** The next event matching `match`, or an error after `timeoutMs`. Earlier events stay readable in `seen`. */
  next(match: (event: ReceivedEvent) => boolean, timeoutMs?: number): Promise<ReceivedEvent>
  seen: ReceivedEvent[]
  close(): void
}

export async function openEventStream(url: string, headers: Record<string, string>): Promise<EventStreamReader> {
  const controller = new AbortController()
  const response = await fetch(url, { headers: { accept: 'text/event-stream', ...headers }, signal: controller.signal })
  const seen: ReceivedEvent[] = []
  const waiting = new Set<() => void>()
  const reader = response.body?.pipeThrough(new TextDecoderStream()).getReader()
  let buffer = ''
  const pump = async (): Promise<void> => {
    if (reader === undefined) return
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }))
      if (done || value === undefined) return
      buffer += value
      let end = buffer.indexOf('\n\n')
      while (end >= 0) {
        const block = buffer.slice(0, end)
        buffer = buffer.slice(end + 2)
        let event = 'message'
        let id: string | null = null
        const data: string[] = []
        for (const line of block.split('\n')) {
          if (line.startsWith(':')) continue
          const colon = line.indexOf(':')
          const name = colon < 0 ? line : line.slice(0, colon)
          const field = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '')
          if (name === 'event') event = field
          else if (name === 'id') id = field
          else if (name === 'data') data.push(field)
        }
        if (data.length > 0) seen.push({ event, id, data: data.join('\n'), at: Date.now() })
        for (const wake of waiting) wake()
        end = buffer.indexOf('\n\n')
      }
    }
  }
  void pump()
  let read = 0
  return {
    status: response.status,
    seen,
    async next(match, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs
      for (;;) {
        const index = seen.findIndex((event, at) => at >= read && match(event))
        const found = seen[index]
        if (found !== undefined) {
          read = index + 1
          return found
        }
        const left = deadline - Date.now()
        if (left <= 0) throw new Error(`no matching event within ${timeoutMs} ms; seen: ${JSON.stringify(seen.map((e) => [e.event, e.id, e.data]))}`)
        await new Promise<void>((resolve) => {
          const timer = setTimeout(done, left)
          function done(): void {
            clearTimeout(timer)
            waiting.delete(done)
            resolve()
          }
          waiting.add(done)
        })
      }
    },
    close: () => controller.abort(),
  }
}
