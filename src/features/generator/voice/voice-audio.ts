import { type VoiceId, type VoiceJob, VOICES } from '@contract/voice'
import type { LipSyncAudio } from '../lip-sync/use-lip-sync-audio'

/** A voice's own name (Ava, Lena …): names are not translated. */
export function voiceName(id: VoiceId): string {
  return VOICES.find((voice) => voice.id === id)?.name ?? id
}

/**
 * A finished voice as the lip-sync audio: its stored file is answered in the
 * upload's shape, so it becomes the audio card exactly as an upload does
 * (same URL, size and measured length). `name` is the card's title, e.g. "Voice: Ava".
 */
export function audioOfVoice(job: VoiceJob, name: string): LipSyncAudio | null {
  if (job.status !== 'completed' || job.audio === null) return null
  return {
    url: job.audio.secure_url,
    name,
    sizeBytes: job.audio.bytes,
    durationSeconds: job.audio.duration,
    voice: { id: job.voice, language: job.language, maker: job.maker, text: job.text },
  }
}
