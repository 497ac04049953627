// spec §4 "Audio source mode": the microphone take becomes recording.wav. The
// recorder's own format differs by browser, so we ask for the best one it has.

/** Opus in WebM (Chromium, Firefox), else MP4/AAC (iOS Safari); '' lets the browser choose. */
const PREFERRED_RECORDING_TYPES = ['audio/webm;codecs=opus', 'audio/mp4'] as const

export function pickRecordingType(isTypeSupported: (type: string) => boolean): string {
  return PREFERRED_RECORDING_TYPES.find((type) => isTypeSupported(type)) ?? ''
}

/** File name of an unconverted take, by its type (the server sniffs the bytes anyway). */
export function takeFileName(type: string): string {
  if (type.includes('mp4') || type.includes('aac')) return 'recording.m4a'
  if (type.includes('ogg')) return 'recording.ogg'
  return 'recording.webm'
}

export const RECORDING_WAV_NAME = 'recording.wav'

/**
 * Several channels averaged into one: a voice take gains nothing from stereo,
 * and mono halves the WAV so longer takes stay under the 10 MB cap (spec §9).
 */
export function mixToMono(channels: readonly Float32Array[]): Float32Array {
  const first = channels[0]
  if (channels.length <= 1 || first === undefined) return first ?? new Float32Array(0)
  const frames = Math.min(...channels.map((channel) => channel.length))
  const mono = new Float32Array(frames)
  for (const channel of channels) {
    for (let frame = 0; frame < frames; frame += 1) mono[frame] = (mono[frame] ?? 0) + (channel[frame] ?? 0) / channels.length
  }
  return mono
}
