import { describe, expect, it } from 'vitest'
import { encodeWav, toPcm16 } from './wav-encoder'

function ascii(view: DataView, offset: number, length: number): string {
  return String.fromCharCode(...Array.from({ length }, (_, index) => view.getUint8(offset + index)))
}

describe('toPcm16', () => {
  it('maps full scale, silence and clipping', () => {
    expect(toPcm16(0)).toBe(0)
    expect(toPcm16(1)).toBe(32767)
    expect(toPcm16(-1)).toBe(-32768)
    expect(toPcm16(0.5)).toBe(16384)
    expect(toPcm16(-0.5)).toBe(-16384)
    expect(toPcm16(3)).toBe(32767)
    expect(toPcm16(-7)).toBe(-32768)
    expect(toPcm16(Number.NaN)).toBe(0)
  })
})

describe('encodeWav', () => {
  it('writes a 44-byte PCM header that describes the data', () => {
    const wav = encodeWav([new Float32Array([0, 0.5, -0.5])], 48_000)
    const view = new DataView(wav)
    expect(wav.byteLength).toBe(44 + 3 * 2)
    expect(ascii(view, 0, 4)).toBe('RIFF')
    expect(view.getUint32(4, true)).toBe(36 + 6)
    expect(ascii(view, 8, 4)).toBe('WAVE')
    expect(ascii(view, 12, 4)).toBe('fmt ')
    expect(view.getUint32(16, true)).toBe(16)
    expect(view.getUint16(20, true)).toBe(1)
    expect(view.getUint16(22, true)).toBe(1)
    expect(view.getUint32(24, true)).toBe(48_000)
    expect(view.getUint32(28, true)).toBe(96_000)
    expect(view.getUint16(32, true)).toBe(2)
    expect(view.getUint16(34, true)).toBe(16)
    expect(ascii(view, 36, 4)).toBe('data')
    expect(view.getUint32(40, true)).toBe(6)
    expect([view.getInt16(44, true), view.getInt16(46, true), view.getInt16(48, true)]).toEqual([0, 16384, -16384])
  })

  it('interleaves stereo frames and uses the shorter channel length', () => {
    const left = new Float32Array([1, 0, 0.25])
    const right = new Float32Array([-1, 0.5])
    const view = new DataView(encodeWav([left, right], 8000))
    expect(view.getUint16(22, true)).toBe(2)
    expect(view.getUint32(28, true)).toBe(8000 * 4)
    expect(view.getUint16(32, true)).toBe(4)
    expect(view.getUint32(40, true)).toBe(2 * 4)
    expect([0, 1, 2, 3].map((index) => view.getInt16(44 + index * 2, true))).toEqual([32767, -32768, 0, 16384])
  })

  it('refuses no channels and a bad sample rate', () => {
    expect(() => encodeWav([], 44_100)).toThrow(RangeError)
    expect(() => encodeWav([new Float32Array(1)], 0)).toThrow(RangeError)
  })
})
