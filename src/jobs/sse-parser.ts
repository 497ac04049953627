// Server-sent events, read from a fetch body (the HTML standard's "event
// stream interpretation"): fields `event`, `data` (lines joined by \n), `id`;
// comment lines (`:`) are keep-alives; a blank line ends an event. Fed text in
// any chunks, it hands out whole events.

export interface ServerSentEvent {
  event: string
  data: string
  /** The event's id, when it set one (the stream's Last-Event-ID from then on). */
  id: string | null
}

export function createSseParser(onEvent: (event: ServerSentEvent) => void): (chunk: string) => void {
  let pending = ''
  let event = ''
  let data: string[] = []
  let id: string | null = null

  const line = (text: string): void => {
    if (text === '') {
      if (data.length > 0) onEvent({ event: event === '' ? 'message' : event, data: data.join('\n'), id })
      event = ''
      data = []
      id = null
      return
    }
    if (text.startsWith(':')) return
    const colon = text.indexOf(':')
    const name = colon === -1 ? text : text.slice(0, colon)
    const value = colon === -1 ? '' : text.slice(colon + 1).replace(/^ /, '')
    if (name === 'event') event = value
    else if (name === 'data') data.push(value)
    else if (name === 'id' && !value.includes('\0')) id = value
  }

  return (chunk) => {
    pending += chunk
    const lines = pending.split(/\r\n|\r|\n/)
    pending = lines.pop() ?? ''
    for (const text of lines) line(text)
  }
}
