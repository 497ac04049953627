import { Readable } from 'node:stream'
import type { Storage } from '@google-cloud/storage'
import { UnknownMediaKeyError, type ByteSpan } from './store.ts'

// Reading a Cloud Storage object, whole or a span, for the media store
// (./cloud-store.ts; docs/decisions/0226). A reader may leave at any moment —
// a seek, a closed tab, a phone losing signal — so a read must stop cleanly
// whenever its stream is destroyed: before Cloud Storage answers, or while
// the bytes flow. The client library's read stream cannot: destroyed before
// the answer it throws outside any request (ERR_STREAM_UNABLE_TO_PIPE, which
// ends the process), it adds listeners to a shared stream on every read, and
// one stopped read destroys its shared connection pool, cutting every other
// read short. So the bytes come over Node's fetch from the same JSON API
// (`alt=media`), with the library's credentials: one request per read,
// aborted on its own.

/** Answers the body of one HTTP request made with `signal`; throws for an answer that is not the object's bytes. */
export type OpenBody = (signal: AbortSignal) => Promise<ReadableStream<Uint8Array>>

/**
 * A stream over one HTTP body, asked for on the first read. Destroying it at
 * any moment aborts that request (and with it the body and its connection);
 * a destroyed stream never errors afterwards.
 */
export function lazyBody(open: OpenBody): Readable {
  const controller = new AbortController()
  let reader: ReadableStreamDefaultReader<Uint8Array> | null = null
  const stream = new Readable({
    read() {
      void pump()
    },
    destroy(error, callback) {
      controller.abort()
      callback(error)
    },
  })
  async function pump(): Promise<void> {
    try {
      reader ??= (await open(controller.signal)).getReader()
      const next = await reader.read()
      if (!stream.destroyed) stream.push(next.done ? null : next.value)
    } catch (error) {
      // A read aborted by destroy() ends here with an AbortError nobody needs.
      if (!stream.destroyed) stream.destroy(error instanceof Error ? error : new Error(String(error)))
    }
  }
  return stream
}

export interface CloudObjectReaderOptions {
  storage: Storage
  bucket: string
  /** The emulator takes no credentials. */
  authenticate: boolean
}

/** A span answers 206, or 200 when it is the whole object (HTTP allows either then). */
function answersWith(response: Response, span: ByteSpan | undefined): boolean {
  if (response.status === 206) return span !== undefined
  return response.status === 200 && (span === undefined || wholeObject(response, span))
}

const wholeObject = (response: Response, span: ByteSpan): boolean => span.start === 0 && Number(response.headers.get('content-length')) === span.end + 1

/** Reads objects of one bucket by name. */
export function cloudObjectReader(options: CloudObjectReaderOptions): (objectName: string, span?: ByteSpan) => Readable {
  const { storage } = options
  const base = `${storage.apiEndpoint}/storage/v1/b/${encodeURIComponent(options.bucket)}/o/`
  return (objectName, span) => {
    const url = `${base}${encodeURIComponent(objectName)}?alt=media`
    return lazyBody(async (signal) => {
      const headers = new Headers(options.authenticate ? await storage.authClient.getRequestHeaders(url) : undefined)
      // The stored bytes as they are: a span of a transcoded answer would be another file's span.
      headers.set('accept-encoding', 'identity')
      if (span !== undefined) headers.set('range', `bytes=${span.start}-${span.end}`)
      const response = await fetch(url, { headers, signal })
      if (response.status === 404) {
        await response.body?.cancel()
        throw new UnknownMediaKeyError(`No stored object ${objectName}`)
      }
      if (!answersWith(response, span) || response.body === null) {
        await response.body?.cancel()
        throw new Error(`Cloud Storage answered ${response.status} for ${objectName}`)
      }
      return response.body
    })
  }
}
