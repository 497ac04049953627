import { describe, expect, it } from 'vitest'
import { escapeFilterValue, wrapCaption } from './caption.ts'
import { parseMediaFacts, shownSize } from './probe.ts'
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

/** An `ffmpeg -i` header of a phone clip stored 1920x1080, with the given lines about its rotation. */
const phone = (rotationLines: string[]) =>
  [
    "Input #0, mov,mp4,m4a,3gp,3g2,mj2, from 'file:/tmp/phone.mp4':",
    '  Duration: 00:00:05.00, start: 0.000000, bitrate: 4661 kb/s',
    '  Stream #0:0[0x1](und): Video: h264 (High) (avc1 / 0x31637661), yuv420p(progressive), 1920x1080 [SAR 1:1 DAR 16:9], 30 fps (default)',
    '    Metadata:',
    '      handler_name    : VideoHandler',
    ...rotationLines,
    '  Stream #0:1[0x2](und): Audio: aac (LC) (mp4a / 0x6134706D), 48000 Hz, stereo',
  ].join('\n')

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
      video: { codec: 'h264', pixelFormat: 'yuv420p', width: 1080, height: 1920, rotation: 0 },
      audio: { codec: 'aac' },
    })
    expect(parseMediaFacts('  Duration: N/A, bitrate: N/A').durationSeconds).toBeNull()
  })

  it('reads a phone clip’s rotation from its display matrix (or an older build’s rotate tag), and shows it upright', () => {
    const upright = phone(['    Side data:', '      displaymatrix: rotation of -90.00 degrees'])
    const video = parseMediaFacts(upright).video
    expect(video).toMatchObject({ width: 1920, height: 1080, rotation: -90 })
    expect(video === null ? null : shownSize(video)).toEqual({ width: 1080, height: 1920 })
    expect(parseMediaFacts(phone(['      rotate          : 270'])).video?.rotation).toBe(270)
    const turned = parseMediaFacts(phone(['    Side data:', '      displaymatrix: rotation of 180.00 degrees'])).video
    expect(turned === null ? null : shownSize(turned)).toEqual({ width: 1920, height: 1080 })
    expect(parseMediaFacts(phone([])).video?.rotation).toBe(0)
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
