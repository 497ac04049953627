import { describe, expect, it, vi } from 'vitest'
import { mixToMono, pickRecordingType, takeFileName } from './recording-format'
import { type AudioDecoder, type DecodedAudio, takeToWav } from './take-to-wav'

function decodedAudio(channels: Float32Array<ArrayBuffer>[], sampleRate: number): DecodedAudio {
  return { numberOfChannels: channels.length, sampleRate, getChannelData: (index) => channels[index] ?? new Float32Array(0) }
}

describe('pickRecordingType', () => {
  it('prefers Opus in WebM, then MP4 (iOS Safari), else the browser default', () => {
    expect(pickRecordingType(() => true)).toBe('audio/webm;codecs=opus')
    expect(pickRecordingType((type) => type === 'audio/mp4')).toBe('audio/mp4')
    expect(pickRecordingType(() => false)).toBe('')
  })

  it('names unconverted takes by their type', () => {
    expect(takeFileName('audio/webm;codecs=opus')).toBe('recording.webm')
    expect(takeFileName('audio/mp4')).toBe('recording.m4a')
    expect(takeFileName('')).toBe('recording.webm')
  })
})

describe('mixToMono', () => {
  it('averages the channels', () => {
    expect(Array.from(mixToMono([new Float32Array([1, 0.5]), new Float32Array([0, -0.5])]))).toEqual([0.5, 0])
    expect(Array.from(mixToMono([new Float32Array([0.25])]))).toEqual([0.25])
  })
})

describe('takeToWav', () => {
  const take = new Blob(['opus bytes'], { type: 'audio/webm;codecs=opus' })

  it('decodes the take and encodes it as recording.wav', async () => {
    const close = vi.fn<() => Promise<void>>(() => Promise.resolve())
    const decoder: AudioDecoder = {
      decodeAudioData: () => Promise.resolve(decodedAudio([new Float32Array([0.5, -0.5]), new Float32Array([0.5, -0.5])], 16_000)),
      close,
    }
    const file = await takeToWav(take, () => decoder)
    expect(file.name).toBe('recording.wav')
    expect(file.type).toBe('audio/wav')
    const view = new DataView(await file.arrayBuffer())
    expect(view.getUint16(22, true)).toBe(1)
    expect(view.getUint32(24, true)).toBe(16_000)
    expect([view.getInt16(44, true), view.getInt16(46, true)]).toEqual([16384, -16384])
    expect(close).toHaveBeenCalled()
  })

  it('keeps the original take when decoding fails or there is no Web Audio', async () => {
    const failing: AudioDecoder = { decodeAudioData: () => Promise.reject(new Error('EncodingError')) }
    const fallback = await takeToWav(take, () => failing)
    expect(fallback.name).toBe('recording.webm')
    expect(await fallback.text()).toBe('opus bytes')
    expect((await takeToWav(take, () => null)).name).toBe('recording.webm')
  })
})
