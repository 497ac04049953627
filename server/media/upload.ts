import { randomUUID } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import { rm } from 'node:fs/promises'
import path from 'node:path'
import { Readable, Transform, type TransformCallback } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import busboy from 'busboy'
import type { MediaKind } from '../../contract/media.ts'
import { MAX_VIDEO_UPLOAD_BYTES } from '../../contract/constants.ts'
import { maxBytesFor, presetKind, type UploadableMediaType } from './media-types.ts'
import { SNIFF_BYTES, sniffMediaTypes } from './sniff.ts'

// Streams one multipart upload (`file` + `upload_preset`) to a temp file while
// checking it: the type from the first bytes, the size cap as the bytes arrive
// (docs/quality.md: 413 while streaming, nothing left on disk).

export type UploadProblem = 'bad_request' | 'invalid_type' | 'too_large' | 'aborted'
export class UploadRejectedError extends Error {
  override name = 'UploadRejectedError'
  readonly problem: UploadProblem
  readonly kind: MediaKind | null
  constructor(problem: UploadProblem, message: string, kind: MediaKind | null = null) {
    super(message)
    this.problem = problem
    this.kind = kind
  }
}

export interface ReceivedUpload {
  tempFile: string
  bytes: number
  type: UploadableMediaType
}

/** Room for the multipart envelope around the largest allowed file. */
const ENVELOPE_BYTES = 64 * 1024

/** Checks the file's bytes as they stream past: type from the head, size against the cap. */
class UploadGate extends Transform {
  bytes = 0
  candidates: UploadableMediaType[] | null = null
  private head = Buffer.alloc(0)
  private readonly presetKindNow: () => MediaKind | null
  constructor(presetKindNow: () => MediaKind | null) {
    super()
    this.presetKindNow = presetKindNow
  }
  private cap(): number {
    const kind = this.presetKindNow()
    if (kind !== null) return maxBytesFor(kind)
    // The preset may come after the file: the largest cap among what the bytes can be, re-checked at the end.
    return Math.max(...(this.candidates ?? []).map((t) => maxBytesFor(t.kind)), maxBytesFor('audio'))
  }
  private sniff(): void {
    this.candidates = sniffMediaTypes(this.head)
    // Refuse at once when the preset is known; otherwise read on (under the
    // smallest cap) so the answer can name the formats of the preset that follows.
    const kind = this.presetKindNow()
    if (kind !== null && !this.candidates.some((t) => t.kind === kind)) {
      throw new UploadRejectedError('invalid_type', 'The file is not one of the allowed types', kind)
    }
  }
  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    try {
      this.bytes += chunk.length
      if (this.candidates === null) {
        this.head = Buffer.concat([this.head, chunk.subarray(0, SNIFF_BYTES)]).subarray(0, SNIFF_BYTES)
        if (this.head.length >= SNIFF_BYTES) this.sniff()
      }
      if (this.bytes > this.cap()) throw new UploadRejectedError('too_large', 'The file is too large', this.presetKindNow())
      done(null, chunk)
    } catch (error) {
      done(error instanceof Error ? error : new Error(String(error)))
    }
  }
  override _flush(done: TransformCallback): void {
    try {
      if (this.candidates === null) this.sniff()
      done()
    } catch (error) {
      done(error instanceof Error ? error : new Error(String(error)))
    }
  }
}

/** The request body's chunks; stopping early cancels the body (the client's upload). */
async function* chunksOf(body: ReadableStream<Uint8Array>): AsyncGenerator<Uint8Array> {
  const reader = body.getReader()
  let finished = false
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) {
        finished = true
        return
      }
      yield value
    }
  } finally {
    if (!finished) await reader.cancel().catch(() => undefined)
  }
}

export interface ReceiveUploadOptions {
  body: ReadableStream<Uint8Array> | null
  contentType: string | undefined
  contentLength: string | undefined
  /** Folder for the temp file (the store's incoming folder). */
  dir: string
  /** The request's signal: aborted when the client goes away mid-upload. */
  signal?: AbortSignal
  /** The field naming the kind: the app's `upload_preset` (default), the developer API's `kind`. */
  kindField?: string
}

/** What busboy reports about a body it cannot read (no boundary, cut short, bad part headers). */
function malformed(error: unknown): UploadRejectedError {
  const reason = error instanceof Error ? error.message : String(error)
  return new UploadRejectedError('bad_request', `The multipart body is malformed (${reason})`)
}

/** Receives the upload or rejects with UploadRejectedError, leaving no temp file behind. */
export async function receiveUpload({
  body,
  contentType,
  contentLength,
  dir,
  signal,
  kindField = 'upload_preset',
}: ReceiveUploadOptions): Promise<ReceivedUpload> {
  if (body === null || contentType === undefined || !/^multipart\/form-data;/i.test(contentType)) {
    throw new UploadRejectedError('bad_request', `Send multipart/form-data with the fields file and ${kindField}`)
  }
  if (Number(contentLength ?? 0) > MAX_VIDEO_UPLOAD_BYTES + ENVELOPE_BYTES) {
    throw new UploadRejectedError('too_large', 'The file is too large')
  }
  const tempFile = path.join(dir, `upload-${randomUUID()}.part`)
  const source = Readable.from(chunksOf(body), { objectMode: false })
  let preset: string | null = null
  const kindNow = (): MediaKind | null => (preset === null ? null : presetKind(preset))
  let fileDone: Promise<UploadGate> | null = null
  try {
    const gate = await new Promise<UploadGate>((resolve, reject) => {
      let parser: busboy.Busboy
      try {
        parser = busboy({
          headers: { 'content-type': contentType },
          limits: { files: 1, fields: 8, fieldSize: 1024, parts: 12, fileSize: MAX_VIDEO_UPLOAD_BYTES + 1 },
        })
      } catch (error) {
        // busboy's constructor throws for a content type without a usable boundary.
        source.destroy()
        reject(malformed(error))
        return
      }
      const fail = (error: unknown): void => {
        // Stop reading at once (the 413 goes out without waiting for the rest of the body).
        source.unpipe(parser)
        source.destroy()
        parser.destroy()
        if (signal?.aborted === true) reject(new UploadRejectedError('aborted', 'The client went away during the upload'))
        else reject(error)
      }
      const failMalformed = (error: unknown): void => fail(error instanceof UploadRejectedError ? error : malformed(error))
      parser.on('field', (name, value) => {
        if (name === kindField) preset = value
      })
      parser.on('file', (name, stream) => {
        if (name !== 'file' || fileDone !== null) {
          stream.resume()
          return
        }
        const checker = new UploadGate(kindNow)
        // A part cut short reports on the part's own stream: that is the body's fault, not ours.
        let partBroken: unknown = null
        stream.once('error', (error: unknown) => {
          partBroken = error
        })
        fileDone = pipeline(stream, checker, createWriteStream(tempFile, { flags: 'wx' })).then(() => checker)
        fileDone.catch((error: unknown) => (partBroken !== null && !(error instanceof UploadRejectedError) ? failMalformed(partBroken) : fail(error)))
      })
      parser.on('error', failMalformed)
      parser.on('close', () => {
        if (fileDone === null) fail(new UploadRejectedError('bad_request', 'The upload has no file field'))
        else fileDone.then(resolve, fail)
      })
      source.on('error', fail)
      source.pipe(parser)
    })
    return { tempFile, bytes: gate.bytes, type: finalType(gate, kindNow(), preset, kindField) }
  } catch (error) {
    // Let the file stream close first so nothing recreates the file after it is removed.
    await (fileDone ?? Promise.resolve()).catch(() => undefined)
    await rm(tempFile, { force: true })
    throw error
  }
}

/** After the whole body: the preset must be known and match the bytes, and the kind's cap holds. */
function finalType(gate: UploadGate, kind: MediaKind | null, preset: string | null, kindField: string): UploadableMediaType {
  if (preset === null) throw new UploadRejectedError('bad_request', `The upload has no ${kindField} field`)
  if (kind === null) throw new UploadRejectedError('bad_request', `Unknown ${kindField} "${preset.slice(0, 40)}": use audio, video or image`)
  const type = gate.candidates?.find((t) => t.kind === kind)
  if (type === undefined) throw new UploadRejectedError('invalid_type', 'The file is not one of the allowed types', kind)
  if (gate.bytes > maxBytesFor(kind)) throw new UploadRejectedError('too_large', 'The file is too large', kind)
  return type
}
