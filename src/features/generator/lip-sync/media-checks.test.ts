import { describe, expect, it } from 'vitest'
import { AUDIO_URL_FORMAT_NAMES, audioUrlToFetch, checkAudioFile, checkVideoFile, sizeInMegabytes } from './media-checks'

function fileOf(name: string, type: string, size = 10): File {
  const file = new File(['x'], name, { type })
  Object.defineProperty(file, 'size', { value: size })
  return file
}

describe('checkAudioFile (spec §5)', () => {
  it('takes every listed audio type up to 10 MB', () => {
    for (const type of ['audio/mpeg', 'audio/mp3', 'audio/wav', 'audio/ogg', 'audio/x-m4a', 'audio/aac', 'audio/vnd.dlna.adts']) {
      expect(checkAudioFile(fileOf('voice', type))).toBeNull()
    }
    expect(checkAudioFile(fileOf('voice.mp3', 'audio/mpeg', 10 * 1024 * 1024))).toBeNull()
  })

  it("takes our additions to §5's list: wav's other names and recorded webm (decision 0150)", () => {
    for (const type of ['audio/x-wav', 'audio/wave', 'audio/webm']) expect(checkAudioFile(fileOf('voice', type))).toBeNull()
  })

  it('refuses other types and files over 10 MB', () => {
    expect(checkAudioFile(fileOf('notes.txt', 'text/plain'))).toBe('invalid_type')
    expect(checkAudioFile(fileOf('clip.mp4', 'video/mp4'))).toBe('invalid_type')
    expect(checkAudioFile(fileOf('voice.mp3', 'audio/mpeg', 10 * 1024 * 1024 + 1))).toBe('too_large')
  })

  it('falls back to the extension when the file has no type', () => {
    expect(checkAudioFile(fileOf('voice.M4A', ''))).toBeNull()
    expect(checkAudioFile(fileOf('voice.exe', ''))).toBe('invalid_type')
  })
})

describe('checkVideoFile (spec §5)', () => {
  it('takes mp4, quicktime, webm and x-m4v only', () => {
    for (const type of ['video/mp4', 'video/quicktime', 'video/webm', 'video/x-m4v']) expect(checkVideoFile(fileOf('clip', type))).toBeNull()
    expect(checkVideoFile(fileOf('clip.avi', 'video/x-msvideo'))).toBe('invalid_type')
    expect(checkVideoFile(fileOf('clip.mov', ''))).toBeNull()
  })
})

describe('audioUrlToFetch', () => {
  it('keeps http(s) URLs and refuses anything else', () => {
    expect(audioUrlToFetch('  https://example.com/voice.mp3 ')).toBe('https://example.com/voice.mp3')
    expect(audioUrlToFetch('ftp://example.com/voice.mp3')).toBeNull()
    expect(audioUrlToFetch('voice.mp3')).toBeNull()
    expect(audioUrlToFetch('')).toBeNull()
  })

  it('names the spec §5 URL formats', () => {
    expect(AUDIO_URL_FORMAT_NAMES).toEqual(['wav', 'mp3', 'mpeg', 'mp4', 'ogg', 'm3a', 'm4a', 'aac', 'x-ms-wma', 'flac'])
  })
})

describe('sizeInMegabytes', () => {
  it('rounds to two decimals', () => {
    expect(sizeInMegabytes(2.5 * 1024 * 1024)).toBe(2.5)
    expect(sizeInMegabytes(123_456)).toBe(0.12)
  })
})
