// A 16-bit mono PCM WAV file around raw samples: what the synthesizer hands
// over, stored as the voice's audio (every browser plays it, ffmpeg reads it).

const HEADER_BYTES = 44

export interface WavMetadata {
  /** Written as the file's INFO comment (ICMT), like the local renderer's MP4 comment. */
  comment?: string
}

function infoChunk(comment: string): Buffer {
  const text = Buffer.from(`${comment}\0`, 'utf8')
  const padded = text.length % 2 === 0 ? text : Buffer.concat([text, Buffer.alloc(1)])
  const chunk = Buffer.alloc(12 + 8 + padded.length)
  chunk.write('LIST', 0, 'ascii')
  chunk.writeUInt32LE(4 + 8 + padded.length, 4)
  chunk.write('INFO', 8, 'ascii')
  chunk.write('ICMT', 12, 'ascii')
  chunk.writeUInt32LE(text.length, 16)
  padded.copy(chunk, 20)
  return chunk
}

export function encodeWav(samples: Int16Array, sampleRate: number, metadata: WavMetadata = {}): Buffer {
  const data = Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength)
  const info = metadata.comment === undefined ? Buffer.alloc(0) : infoChunk(metadata.comment)
  const header = Buffer.alloc(HEADER_BYTES - 8)
  header.write('RIFF', 0, 'ascii')
  header.writeUInt32LE(4 + 24 + info.length + 8 + data.length, 4)
  header.write('WAVE', 8, 'ascii')
  header.write('fmt ', 12, 'ascii')
  header.writeUInt32LE(16, 16)
  header.writeUInt16LE(1, 20) // PCM
  header.writeUInt16LE(1, 22) // mono
  header.writeUInt32LE(sampleRate, 24)
  header.writeUInt32LE(sampleRate * 2, 28)
  header.writeUInt16LE(2, 32)
  header.writeUInt16LE(16, 34)
  const dataHeader = Buffer.alloc(8)
  dataHeader.write('data', 0, 'ascii')
  dataHeader.writeUInt32LE(data.length, 4)
  return Buffer.concat([header, info, dataHeader, data])
}
