import { readFile, rm } from 'node:fs/promises'
import path from 'node:path'
import type { Kysely } from 'kysely'
import type { CaptionCue, CaptionCuesResponse, CaptionStyle, CaptionWord } from '../../contract/captions.ts'
import type { SpeechLanguage } from '../../contract/constants.ts'
import type { Database } from '../db/schema.ts'
import { keyOfRef } from '../media/keys.ts'
import type { Transcriber } from '../providers/fal/fal-transcript.ts'
import { inputFileFor } from '../providers/local/input-files.ts'
import type { OutputStore, RemoteFetcher } from '../providers/provider.ts'
import { findSpeech, saveSpeech } from '../providers/speech/speech-words.ts'
import { spreadWords } from '../render/captions/approximate-words.ts'
import { renderCaptionStill } from '../render/captions/burn-captions.ts'
import { normaliseCues } from '../render/captions/corrected-cues.ts'
import { layoutCues } from '../render/captions/cue-layout.ts'
import { voicedStretches } from '../render/captions/voiced-stretches.ts'
import { makeWorkDir } from '../render/work-dirs.ts'

// Captions before paying (docs/decisions/0234): the timed captions of the
// user's audio, and one still frame of the video with them. The words' times
// come, best first, from what is known of the audio (a voice's synthesizer,
// an earlier speech-to-text answer: table speech_words), from the
// speech-to-text model (production), or — on the embedded default — from
// the words the user typed, spread over the voiced stretches (approximate).

/** No way to time the words: the embedded default needs the typed words ("What is said"). */
export class CaptionsUnavailableError extends Error {
  override name = 'CaptionsUnavailableError'
}

export interface CaptionServiceDeps {
  db: Kysely<Database>
  store: OutputStore
  fetchRemote: RemoteFetcher
  transcriber: Transcriber | null
  /** The real length of an audio (server/providers/measure-audio.ts). */
  measureAudioSeconds(url: string): Promise<number>
}

export interface CaptionService {
  /** `audioUrl` is a job input's form: our own reference, or an outside URL. */
  cues(request: { userId: string; audioUrl: string; language: SpeechLanguage; script: string | undefined }): Promise<CaptionCuesResponse>
  /** A JPEG of the video at `at` (default: while the first caption shows) with the captions burnt in. */
  still(request: { videoUrl: string; style: CaptionStyle; cues: CaptionCue[]; at: number | undefined }): Promise<Buffer>
}

/** How long the page waits for a speech-to-text answer (a minute of speech takes seconds). */
const TRANSCRIBE_TIMEOUT_MS = 90_000

export function createCaptionService(deps: CaptionServiceDeps): CaptionService {
  const inputs = { store: deps.store, fetchRemote: deps.fetchRemote }

  async function transcribed(userId: string, audioUrl: string, language: SpeechLanguage): Promise<CaptionWord[]> {
    if (deps.transcriber === null) throw new CaptionsUnavailableError('No speech-to-text model is configured')
    const words = await deps.transcriber.transcribe(audioUrl, language, AbortSignal.timeout(TRANSCRIBE_TIMEOUT_MS))
    if (words.length === 0) throw new CaptionsUnavailableError('No words were heard in the audio')
    // Kept for our own files, so asking again costs nothing.
    const key = keyOfRef(audioUrl)
    if (key !== null) {
      const seconds = await deps.measureAudioSeconds(audioUrl)
      await saveSpeech(deps.db, { audioKey: key, userId, seconds, language, words: { timing: 'speech_to_text', list: words } })
    }
    return words
  }

  async function approximate(audioUrl: string, script: string): Promise<CaptionWord[]> {
    const audio = await inputFileFor(audioUrl, 'audio', inputs, AbortSignal.timeout(60_000))
    try {
      const { stretches } = await voicedStretches(audio.file)
      return spreadWords(script, stretches)
    } finally {
      await audio.release()
    }
  }

  return {
    async cues({ userId, audioUrl, language, script }) {
      const key = keyOfRef(audioUrl)
      const known = key === null ? null : await findSpeech(deps.db, key)
      if (known?.words !== null && known?.words !== undefined && known.userId === userId) {
        return { timing: known.words.timing, approximate: false, cues: layoutCues(known.words.list) }
      }
      if (deps.transcriber !== null) return { timing: 'speech_to_text', approximate: false, cues: layoutCues(await transcribed(userId, audioUrl, language)) }
      if (script === undefined || script.trim() === '') throw new CaptionsUnavailableError('Type what is said to time the captions')
      const words = await approximate(audioUrl, script)
      if (words.length === 0) throw new CaptionsUnavailableError('No speech was found in the audio')
      return { timing: 'approximate', approximate: true, cues: layoutCues(words) }
    },

    async still({ videoUrl, style, cues, at }) {
      const normalised = normaliseCues(cues)
      const first = normalised[0]
      const shown = at ?? (first === undefined ? 0 : (first.words[0]?.end ?? first.start) - 0.01)
      const video = await inputFileFor(videoUrl, 'video', inputs, AbortSignal.timeout(60_000))
      const workDir = await makeWorkDir('render')
      try {
        const outFile = path.join(workDir, 'still.jpg')
        await renderCaptionStill({ videoFile: video.file, outFile, workDir, cues: normalised, style, at: Math.max(0, shown) })
        return await readFile(outFile)
      } finally {
        await video.release()
        await rm(workDir, { recursive: true, force: true })
      }
    },
  }
}
