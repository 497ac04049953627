// spec §4 "Audio source mode": a recording is converted to WAV named
// recording.wav before upload. This is the encoder half: decoded PCM samples in,
// a RIFF/WAVE file of 16-bit little-endian PCM out. Pure, so it is unit tested.

const HEADER_BYTES = 44
const BYTES_PER_SAMPLE = 2

/** A float sample in [-1, 1] as a signed 16-bit integer (clipped; negative full scale is -32768). */
export function toPcm16(sample: number): number {
  const clipped = Math.max(-1, Math.min(1, Number.isNaN(sample) ? 0 : sample))
  return clipped < 0 ? Math.round(clipped * 0x8000) : Math.round(clipped * 0x7fff)
}

function writeAscii(view: DataView, offset: number, text: string): void {
  for (let index = 0; index < text.length; index += 1) view.setUint8(offset + index, text.charCodeAt(index))
}

/**
 * Encodes channels of equal length (as AudioBuffer.getChannelData gives them)
 * into a WAV file, samples interleaved frame by frame.
 */
export function encodeWav(channels: readonly Float32Array[], sampleRate: number): ArrayBuffer {
  const channelCount = channels.length
  if (channelCount === 0) throw new RangeError('A WAV file needs at least one channel')
  if (!Number.isInteger(sampleRate) || sampleRate <= 0) throw new RangeError('The sample rate must be a positive integer')
  const frames = Math.min(...channels.map((channel) => channel.length))
  const blockAlign = channelCount * BYTES_PER_SAMPLE
  const dataBytes = frames * blockAlign
  const buffer = new ArrayBuffer(HEADER_BYTES + dataBytes)
  const view = new DataView(buffer)

  writeAscii(view, 0, 'RIFF')
  view.setUint32(4, 36 + dataBytes, true)
  writeAscii(view, 8, 'WAVE')
  writeAscii(view, 12, 'fmt ')
  view.setUint32(16, 16, true) // fmt chunk size for PCM
  view.setUint16(20, 1, true) // audio format 1 = PCM
  view.setUint16(22, channelCount, true)
  view.setUint32(24, sampleRate, true)
  view.setUint32(28, sampleRate * blockAlign, true) // byte rate
  view.setUint16(32, blockAlign, true)
  view.setUint16(34, BYTES_PER_SAMPLE * 8, true) // bits per sample
  writeAscii(view, 36, 'data')
  view.setUint32(40, dataBytes, true)

  let offset = HEADER_BYTES
  for (let frame = 0; frame < frames; frame += 1) {
    for (const channel of channels) {
      view.setInt16(offset, toPcm16(channel[frame] ?? 0), true)
      offset += BYTES_PER_SAMPLE
    }
  }
  return buffer
}
