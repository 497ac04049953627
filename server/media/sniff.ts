import { type UploadableMediaType, uploadableTypeByExt } from './media-types.ts'

// docs/quality.md: an upload's type is decided from its bytes (magic numbers),
// never from the client's file name or MIME type. Some containers hold either
// sound or pictures (MP4, WebM), so sniffing gives candidates and the upload
// preset picks among them.

/** Bytes needed to recognise every supported type. */
export const SNIFF_BYTES = 64

function ascii(bytes: Uint8Array, start: number, length: number): string {
  return String.fromCharCode(...bytes.subarray(start, start + length))
}

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  return signature.every((byte, i) => bytes[offset + i] === byte)
}

/** An MPEG audio (MP3) frame header: 11 sync bits, a real layer, valid bitrate and sample rate. */
function isMpegAudioFrame(b: Uint8Array): boolean {
  const [b0, b1, b2] = [b[0] ?? 0, b[1] ?? 0, b[2] ?? 0]
  const layer = (b1 >> 1) & 0b11
  const version = (b1 >> 3) & 0b11
  const bitrate = b2 >> 4
  const sampleRate = (b2 >> 2) & 0b11
  return b0 === 0xff && (b1 & 0xe0) === 0xe0 && layer !== 0 && version !== 1 && bitrate !== 0x0f && bitrate !== 0 && sampleRate !== 3
}

/** An AAC ADTS header: 12 sync bits, layer 0, a valid sampling index. */
function isAdtsFrame(b: Uint8Array): boolean {
  return b[0] === 0xff && ((b[1] ?? 0) & 0xf6) === 0xf0 && (((b[2] ?? 0) >> 2) & 0x0f) < 13
}

/** ISO base media (MP4 family): the brand after `ftyp` tells audio, QuickTime or video. */
function isoBrandTypes(b: Uint8Array): string[] {
  const brand = ascii(b, 8, 4)
  if (brand === 'M4A ' || brand === 'M4B ') return ['m4a']
  if (brand.startsWith('M4V')) return ['m4v']
  if (brand === 'qt  ') return ['mov']
  // isom, mp41, mp42, avc1, iso2..iso6, dash…: a generic MP4 holds video or just sound.
  return ['mp4', 'm4a']
}

function sniffExtensions(b: Uint8Array): string[] {
  if (startsWith(b, [0xff, 0xd8, 0xff])) return ['jpg']
  if (startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return ['png']
  if (ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 4) === 'WEBP') return ['webp']
  if (ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 4) === 'WAVE') return ['wav']
  if (ascii(b, 0, 4) === 'OggS') return ['ogg']
  if (ascii(b, 0, 4) === 'fLaC') return ['flac']
  if (ascii(b, 4, 4) === 'ftyp') return isoBrandTypes(b)
  // EBML header whose DocType is "webm" (Matroska files are not accepted).
  if (startsWith(b, [0x1a, 0x45, 0xdf, 0xa3])) return ascii(b, 4, 60).includes('webm') ? ['webm', 'weba'] : []
  if (ascii(b, 0, 3) === 'ID3') return ['mp3']
  if (isAdtsFrame(b)) return ['aac']
  if (isMpegAudioFrame(b)) return ['mp3']
  return []
}

/** The stored types these first bytes could be (empty: not a supported media file). */
export function sniffMediaTypes(head: Uint8Array): UploadableMediaType[] {
  return sniffExtensions(head).flatMap((ext) => uploadableTypeByExt(ext) ?? [])
}
