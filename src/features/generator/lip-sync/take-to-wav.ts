import { MAX_UPLOAD_BYTES } from '@contract/constants'
import { mixToMono, RECORDING_WAV_NAME, takeFileName } from './recording-format'
import { encodeWav } from './wav-encoder'

/** The decoding part of the Web Audio API this needs (an AudioContext provides it). */
export type DecodedAudio = Pick<AudioBuffer, 'numberOfChannels' | 'sampleRate' | 'getChannelData'>
export interface AudioDecoder {
  decodeAudioData(data: ArrayBuffer): Promise<DecodedAudio>
  close?(): Promise<void>
}

function defaultDecoder(): AudioDecoder | null {
  return typeof AudioContext === 'undefined' ? null : new AudioContext()
}

/**
 * spec §4: the recorded take as recording.wav (16-bit PCM, mono). When the
 * browser cannot decode its own take, or the WAV would pass the 10 MB upload
 * cap (§9) while the compressed take does not, the original take is uploaded
 * instead (decision 0150): the user keeps their recording either way.
 */
export async function takeToWav(take: Blob, makeDecoder: () => AudioDecoder | null = defaultDecoder): Promise<File> {
  const original = new File([take], takeFileName(take.type), { type: take.type })
  const decoder = makeDecoder()
  if (decoder === null) return original
  try {
    const decoded = await decoder.decodeAudioData(await take.arrayBuffer())
    const channels = Array.from({ length: decoded.numberOfChannels }, (_, index) => decoded.getChannelData(index))
    const wav = new File([encodeWav([mixToMono(channels)], decoded.sampleRate)], RECORDING_WAV_NAME, { type: 'audio/wav' })
    return wav.size > MAX_UPLOAD_BYTES && original.size <= MAX_UPLOAD_BYTES ? original : wav
  } catch {
    return original
  } finally {
    await decoder.close?.().catch(() => {})
  }
}
