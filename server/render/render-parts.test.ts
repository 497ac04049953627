import { describe, expect, it } from 'vitest'
import { escapeFilterValue, wrapCaption } from './caption.ts'
import { parseMediaFacts } from './probe.ts'
import { outputMillisFromProgressLine } from './run-ffmpeg.ts'
import { backgroundExpressions, paletteForSeed } from './seed-palette.ts'

describe('wrapCaption', () => {
  it('wraps words into lines of at most the width and cuts very long prompts with an ellipsis', () => {
    const lines = wrapCaption('one two three four five six seven eight nine ten', 10, 3)
    expect(lines).toEqual(['one two', 'three four', 'five six…'])
    expect(wrapCaption('abcdefghijklmnopqrstuvwxyz', 10)).toEqual(['abcdefghij', 'klmnopqrst', 'uvwxyz'])
    expect(wrapCaption('   ')).toEqual([])
  })
})

describe('outputMillisFromProgressLine', () => {
  it('reads out_time_us and the microsecond out_time_ms ffmpeg writes', () => {
    expect(outputMillisFromProgressLine('out_time_us=1500000')).toBe(1500)
    expect(outputMillisFromProgressLine('out_time_ms=2040000')).toBe(2040)
    expect(outputMillisFromProgressLine('frame=12')).toBeNull()
    expect(outputMillisFromProgressLine('out_time_ms=N/A')).toBeNull()
  })
})

describe('parseMediaFacts', () => {
  it('reads the duration and the streams of an ffmpeg -i header', () => {
    const header = [
      "Input #0, mov,mp4,m4a,3gp,3g2,mj2, from 'file:/tmp/x.mp4':",
      '  Duration: 00:01:02.50, start: 0.000000, bitrate: 4661 kb/s',
      '    Stream #0:0(und): Video: h264 (Constrained Baseline) (avc1 / 0x31637661), yuv420p(tv, bt709), 1080x1920 [SAR 1:1 DAR 9:16], 25 fps',
      '    Stream #0:1(und): Audio: aac (LC) (mp4a / 0x6134706D), 48000 Hz, stereo',
    ].join('\n')
    expect(parseMediaFacts(header)).toEqual({
      durationSeconds: 62.5,
      video: { codec: 'h264', pixelFormat: 'yuv420p', width: 1080, height: 1920 },
      audio: { codec: 'aac' },
    })
    expect(parseMediaFacts('  Duration: N/A, bitrate: N/A').durationSeconds).toBeNull()
  })
})

describe('seed palette', () => {
  it('is the same for the same seed and different for another', () => {
    expect(paletteForSeed(5)).toEqual(paletteForSeed(5))
    expect(backgroundExpressions(paletteForSeed(5))).not.toEqual(backgroundExpressions(paletteForSeed(6)))
  })
})

describe('escapeFilterValue', () => {
  it('escapes option and graph separators', () => {
    expect(escapeFilterValue("/tmp/a:b'c")).toBe("/tmp/a\\\\:b\\\\\\'c")
    expect(escapeFilterValue('/tmp/plain/caption.txt')).toBe('/tmp/plain/caption.txt')
  })
})
