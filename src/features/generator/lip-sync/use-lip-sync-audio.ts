import { useCallback, useRef, useState } from 'react'
import type { UploadHandlers } from '@/api/upload'
import type { SpeechLanguage } from '@contract/constants'
import type { VoiceId, VoiceJob } from '@contract/voice'
import { type UploadState, useUpload } from '../use-upload'
import type { fetchAudioFromUrl as fetchAudioFromUrlNow, StoreOutcome, uploadMedia as uploadMediaNow } from './api/store-media'

// The calls and their schemas (with the HTTP client) load with the first audio, not with the step (docs/decisions/0203).
const mediaCalls = () => import('./api/store-media')
const notLoaded = (): StoreOutcome => ({ kind: 'failed' })
const uploadMedia: typeof uploadMediaNow = (...args) => mediaCalls().then((api) => api.uploadMedia(...args), notLoaded)
const fetchAudioFromUrl: typeof fetchAudioFromUrlNow = (...args) => mediaCalls().then((api) => api.fetchAudioFromUrl(...args), notLoaded)
import { audioUrlToFetch, checkAudioFile } from './media-checks'

// The lip-sync audio (spec §3 "Audio file: name, size"; §4 "Audio source mode"):
// whichever mode supplied it, it ends up stored on our server, shown on the file
// card and sent as audio_url with its measured duration.

export interface LipSyncAudio {
  url: string
  name: string
  /** Undefined for a running job's audio shown after a reload from an older device row. */
  sizeBytes: number | undefined
  /** Seconds as the server measured them; must be > 0 to start (spec §5). */
  durationSeconds: number | undefined
  /** Set when the audio is a voice made from a typed script (docs/decisions/0232). */
  voice?: VoiceOrigin
}

/** What a voice from a script was made of: its card names the voice, captions are timed in its language from its words. */
export interface VoiceOrigin {
  id: VoiceId
  language: SpeechLanguage
  /** 'local': the embedded synthesizer, labelled "Local preview voice – not AI". */
  maker: VoiceJob['maker']
  text: string
}

/**
 * Why an audio choice was refused; each maps to a spec §8 upload message (invalid_audio:
 * lipsync_error.invalid_audio). An audio URL's refusal names its real reason
 * (docs/decisions/0137): not a web address, not a public one, no file behind it, or
 * not an audio type (unsupported_url, with the formats listed under it).
 */
export type AudioRefusal =
  'invalid_type' | 'too_large' | 'unsupported_url' | 'not_a_url' | 'url_not_allowed' | 'url_unreachable' | 'invalid_audio' | 'upload_failed'

export interface LipSyncAudioState {
  audio: LipSyncAudio | null
  busy: boolean
  /** The name of what is on its way (a file, a take, a URL's last segment). */
  busyName: string
  /** A file or take on its way to the server, with its progress (null for a URL load, or none). */
  upload: UploadState | null
  /** Stops the upload on its way; the picker comes back. */
  cancelUpload(): void
  refusal: AudioRefusal | null
  chooseFile(file: File): Promise<void>
  /** A recording (recording.wav, or the original take): the server checks its bytes. */
  takeRecording(file: File): Promise<void>
  loadUrl(raw: string): Promise<void>
  remove(): void
  clearRefusal(): void
  /** Shows audio already stored, e.g. a running job's (docs/decisions/0136). */
  adopt(audio: LipSyncAudio): void
}

/** The name a URL's audio is shown by: its last path segment. */
export function nameFromUrl(url: string): string {
  const segment = new URL(url).pathname.split('/').filter(Boolean).at(-1)
  if (segment === undefined) return url
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}

export function useLipSyncAudio(): LipSyncAudioState {
  const [audio, setAudio] = useState<LipSyncAudio | null>(null)
  const [busy, setBusy] = useState(false)
  const [busyName, setBusyName] = useState('')
  const [refusal, setRefusal] = useState<AudioRefusal | null>(null)
  /** Only the latest choice may land (a slow upload must not replace a newer one). */
  const latest = useRef(0)
  const { upload, begin, end, cancel } = useUpload()

  const store = useCallback(
    async (name: string, call: () => Promise<StoreOutcome>, urlMode: boolean) => {
      const ticket = ++latest.current
      setBusy(true)
      setBusyName(name)
      setRefusal(null)
      const outcome = await call()
      if (ticket !== latest.current) return
      setBusy(false)
      end()
      if (outcome.kind === 'canceled') return
      if (outcome.kind === 'stored') {
        const { url, bytes, durationSeconds } = outcome.media
        setAudio({ url, name, sizeBytes: bytes, durationSeconds })
        return
      }
      if (urlMode && outcome.kind === 'invalid_type') setRefusal('unsupported_url')
      else if (outcome.kind === 'url_not_allowed') setRefusal('url_not_allowed')
      else if (outcome.kind === 'upstream_failed') setRefusal('url_unreachable')
      // A file or take past the §5 type check that the server cannot play has no length above 0 (§5; decision 0134).
      else if (outcome.kind === 'invalid_type') setRefusal('invalid_audio')
      else if (outcome.kind === 'too_large') setRefusal('too_large')
      else setRefusal('upload_failed')
    },
    [end],
  )

  /** An upload of a file or take, followed by the field. */
  const uploadAudio = useCallback(
    (file: File) => (): Promise<StoreOutcome> => {
      const handlers: UploadHandlers = begin()
      return uploadMedia(file, 'audio', handlers)
    },
    [begin],
  )

  const chooseFile = useCallback(
    async (file: File) => {
      const refused = checkAudioFile(file)
      if (refused !== null) {
        latest.current += 1
        setRefusal(refused)
        return
      }
      await store(file.name, uploadAudio(file), false)
    },
    [store, uploadAudio],
  )

  const takeRecording = useCallback((file: File) => store(file.name, uploadAudio(file), false), [store, uploadAudio])

  const loadUrl = useCallback(
    async (raw: string) => {
      const url = audioUrlToFetch(raw)
      if (url === null) {
        latest.current += 1
        setRefusal('not_a_url')
        return
      }
      await store(nameFromUrl(url), () => fetchAudioFromUrl(url), true)
    },
    [store],
  )

  const remove = useCallback(() => {
    latest.current += 1
    cancel()
    setBusy(false)
    setAudio(null)
    setRefusal(null)
  }, [cancel])

  const cancelUpload = useCallback(() => {
    latest.current += 1
    cancel()
    setBusy(false)
  }, [cancel])

  const clearRefusal = useCallback(() => setRefusal(null), [])

  const adopt = useCallback(
    (next: LipSyncAudio) => {
      latest.current += 1
      cancel()
      setBusy(false)
      setRefusal(null)
      setAudio(next)
    },
    [cancel],
  )

  return { audio, busy, busyName, upload, cancelUpload, refusal, chooseFile, takeRecording, loadUrl, remove, clearRefusal, adopt }
}
