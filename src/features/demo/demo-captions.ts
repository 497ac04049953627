import lipSyncCaptionsDe from './captions/lipsync.de.vtt?url&no-inline'
import lipSyncCaptionsEn from './captions/lipsync.en.vtt?url&no-inline'

// The canned lip-synced clip speaks with a wordless synthetic voice
// (scripts/render-media.ts); its captions describe that sound. The generated
// clip has no audio track, so it needs none. Files, not data: URLs, so the
// app's content security policy need not allow data: for media.
const LIP_SYNC_CAPTIONS = { en: lipSyncCaptionsEn, de: lipSyncCaptionsDe } as const

export function lipSyncCaptionsUrl(locale: string): string {
  return locale === 'de' ? LIP_SYNC_CAPTIONS.de : LIP_SYNC_CAPTIONS.en
}
