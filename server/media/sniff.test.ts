import { describe, expect, it } from 'vitest'
import { presetKind } from './media-types.ts'
import { sniffMediaTypes } from './sniff.ts'

const bytes = (...parts: (string | number[])[]): Uint8Array =>
  new Uint8Array(parts.flatMap((part) => (typeof part === 'string' ? [...part].map((c) => c.charCodeAt(0)) : part)))
const exts = (head: Uint8Array): string[] => sniffMediaTypes(head).map((t) => t.ext)

describe('sniffMediaTypes', () => {
  it('knows each container by its magic number', () => {
    expect(exts(bytes([0xff, 0xd8, 0xff, 0xe0]))).toEqual(['jpg'])
    expect(exts(bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a]))).toEqual(['png'])
    expect(exts(bytes('RIFF', [1, 2, 3, 4], 'WEBPVP8 '))).toEqual(['webp'])
    expect(exts(bytes('RIFF', [1, 2, 3, 4], 'WAVEfmt '))).toEqual(['wav'])
    expect(exts(bytes('OggS', [0, 2]))).toEqual(['ogg'])
    expect(exts(bytes('fLaC', [0, 0, 0, 0x22]))).toEqual(['flac'])
    expect(exts(bytes('ID3', [4, 0]))).toEqual(['mp3'])
    expect(exts(bytes([0xff, 0xfb, 0x50, 0xc4]))).toEqual(['mp3'])
    expect(exts(bytes([0xff, 0xf1, 0x50, 0x40]))).toEqual(['aac'])
  })

  it('tells the MP4 family apart by brand and leaves generic MP4 and WebM to the preset', () => {
    expect(exts(bytes([0, 0, 0, 0x18], 'ftypM4A ', [0, 0, 2, 0]))).toEqual(['m4a'])
    expect(exts(bytes([0, 0, 0, 0x18], 'ftypM4V ', [0, 0, 2, 0]))).toEqual(['m4v'])
    expect(exts(bytes([0, 0, 0, 0x14], 'ftypqt  ', [0, 0, 2, 0]))).toEqual(['mov'])
    expect(exts(bytes([0, 0, 0, 0x20], 'ftypisom', [0, 0, 2, 0]))).toEqual(['mp4', 'm4a'])
    expect(exts(bytes([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x82, 0x84], 'webm'))).toEqual(['webm', 'weba'])
  })

  it('refuses anything else: HTML, script, Matroska, an invalid MPEG header, text', () => {
    expect(exts(bytes('<!doctype html><script>alert(1)</script>'))).toEqual([])
    expect(exts(bytes('alert(document.cookie)'))).toEqual([])
    expect(exts(bytes([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x82, 0x88], 'matroska'))).toEqual([])
    expect(exts(bytes([0xff, 0xfb, 0xf0, 0xc4]))).toEqual([])
    expect(exts(bytes('GIF89a'))).toEqual([])
    expect(exts(new Uint8Array())).toEqual([])
  })
})

describe('presetKind', () => {
  it('maps our presets and hosted-service style names to a kind, refusing unclear ones', () => {
    expect(presetKind('audio')).toBe('audio')
    expect(presetKind('actorly_video')).toBe('video')
    expect(presetKind('Image-Uploads')).toBe('image')
    expect(presetKind('ml_default')).toBeNull()
    expect(presetKind('audio_or_video')).toBeNull()
    expect(presetKind('audiobook')).toBeNull()
  })
})
