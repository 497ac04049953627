import { readFile, rm } from 'node:fs/promises'
import path from 'node:path'
import type { Kysely } from 'kysely'
import type { CaptionCue, CaptionCuesResponse, CaptionStyle, CaptionWord } from '../../contract/captions.ts'
import { CAPTION_AUDIO_MAX_SECONDS, type SpeechLanguage } from '../../contract/constants.ts'
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
import type { RenderGate } from '../render/render-gate.ts'
import { makeWorkDir } from '../render/work-dirs.ts'

// Captions before paying (docs/decisions/0234): the timed captions of the
// user's own stored audio, and one still frame of the video with them. The
// words' times come, best first, from what is known of the audio (a voice's
// synthesizer, an earlier speech-to-text answer: table speech_words), from
// the speech-to-text model (production), or — on the embedded default — from
// the words the user typed, spread over the voiced stretches (approximate).
// The work runs in the API instance while the page waits: ffmpeg only in one
// of the instance's few render slots (RenderGate), and only after `admit`
// (the route's per-account limit) lets it; what is already known costs nothing.

/** No way to time the words: the embedded default needs the typed words ("What is said"). */
export class CaptionsUnavailableError extends Error {
  override name = 'CaptionsUnavailableError'
}

/** The input cannot be captioned as it is; the message starts with the field it is about. */
export class CaptionInputError extends Error {
  override name = 'CaptionInputError'
}

/** The speech-to-text model failed or did not answer in time. */
export class TranscriptionFailedError extends Error {
  override name = 'TranscriptionFailedError'
}

export interface CaptionServiceDeps {
  db: Kysely<Database>
  store: OutputStore
  fetchRemote: RemoteFetcher
  transcriber: Transcriber | null
  /** The real length of an audio (server/providers/measure-audio.ts). */
  measureAudioSeconds(url: string): Promise<number>
  /** The API instance's render slots. */
  gate: RenderGate
}

/** What every caption call brings: when to give up, and the permission to start work that costs something. */
interface CaptionCall {
  /** Spends the caller's allowance (throws when it is used up); called only before real work. */
  admit(): Promise<void>
  /** The request's own end (the page went away). */
  signal?: AbortSignal
}

export interface CaptionService {
  /** `audioUrl` is a job input's form; only the user's own stored audio (`/media/<key>`) is captioned. */
  cues(request: CaptionCall & { userId: string; audioUrl: string; language: SpeechLanguage; script: string | undefined }): Promise<CaptionCuesResponse>
  /** A JPEG of the video at `at` (default: while the first caption shows) with the captions burnt in. */
  still(request: CaptionCall & { videoUrl: string; style: CaptionStyle; cues: CaptionCue[]; at: number | undefined }): Promise<Buffer>
}

/** How long the page waits for a speech-to-text answer (a minute of speech takes seconds). */
const TRANSCRIBE_TIMEOUT_MS = 90_000
/** Loading an input (our store, or an outside video through the SSRF-safe fetcher). */
const INPUT_TIMEOUT_MS = 60_000

const within = (ms: number, signal: AbortSignal | undefined): AbortSignal =>
  signal === undefined ? AbortSignal.timeout(ms) : AbortSignal.any([AbortSignal.timeout(ms), signal])

export function createCaptionService(deps: CaptionServiceDeps): CaptionService {
  const inputs = { store: deps.store, fetchRemote: deps.fetchRemote }

  async function transcribed(audioUrl: string, language: SpeechLanguage, signal: AbortSignal | undefined): Promise<CaptionWord[]> {
    if (deps.transcriber === null) throw new CaptionsUnavailableError('No speech-to-text model is configured')
    let words: CaptionWord[]
    try {
      words = await deps.transcriber.transcribe(audioUrl, language, within(TRANSCRIBE_TIMEOUT_MS, signal))
    } catch (error) {
      throw new TranscriptionFailedError(`Speech to text failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error })
    }
    if (words.length === 0) throw new CaptionsUnavailableError('No words were heard in the audio')
    return words
  }

  async function approximate(audioUrl: string, script: string, signal: AbortSignal | undefined): Promise<CaptionWord[]> {
    const audio = await inputFileFor(audioUrl, 'audio', inputs, within(INPUT_TIMEOUT_MS, signal))
    try {
      const { stretches } = await voicedStretches(audio.file)
      return spreadWords(script, stretches)
    } finally {
      await audio.release()
    }
  }

  /** The audio's length, known (a voice's) or measured in a render slot; either way the call is admitted first. */
  async function lengthOf(audioUrl: string, known: number | null, admit: () => Promise<void>): Promise<number> {
    if (known !== null) {
      await admit()
      return known
    }
    return deps.gate.run(async () => {
      await admit()
      return deps.measureAudioSeconds(audioUrl)
    })
  }

  return {
    async cues({ userId, audioUrl, language, script, admit, signal }) {
      const key = keyOfRef(audioUrl)
      // Only audio kept here: its answer is kept with it, so asking again costs nothing.
      if (key === null) throw new CaptionInputError('audio_url: Captions are timed for audio uploaded or made here. Add the audio first, then ask again.')
      const known = await findSpeech(deps.db, key)
      const own = known?.userId === userId ? known : null
      if (own?.words) return { timing: own.words.timing, approximate: false, cues: layoutCues(own.words.list) }
      const typed = script?.trim() ?? ''
      if (deps.transcriber === null && typed === '') throw new CaptionsUnavailableError('Type what is said to time the captions')

      const seconds = await lengthOf(audioUrl, own?.seconds ?? null, admit)
      if (seconds > CAPTION_AUDIO_MAX_SECONDS) {
        throw new CaptionInputError(`audio_url: Captions are timed for at most ${CAPTION_AUDIO_MAX_SECONDS / 60} minutes of audio.`)
      }
      if (deps.transcriber !== null) {
        const words = await transcribed(audioUrl, language, signal)
        await saveSpeech(deps.db, { audioKey: key, userId, seconds, language, words: { timing: 'speech_to_text', list: words } })
        return { timing: 'speech_to_text', approximate: false, cues: layoutCues(words) }
      }
      const words = await deps.gate.run(() => approximate(audioUrl, typed, signal))
      if (words.length === 0) throw new CaptionsUnavailableError('No speech was found in the audio')
      return { timing: 'approximate', approximate: true, cues: layoutCues(words) }
    },

    async still({ videoUrl, style, cues, at, admit, signal }) {
      const normalised = normaliseCues(cues)
      const first = normalised[0]
      const shown = at ?? (first === undefined ? 0 : (first.words[0]?.end ?? first.start) - 0.01)
      return deps.gate.run(async () => {
        await admit()
        const video = await inputFileFor(videoUrl, 'video', inputs, within(INPUT_TIMEOUT_MS, signal))
        const workDir = await makeWorkDir('render')
        try {
          const outFile = path.join(workDir, 'still.jpg')
          await renderCaptionStill({
            videoFile: video.file,
            outFile,
            workDir,
            cues: normalised,
            style,
            at: Math.max(0, shown),
            ...(signal === undefined ? {} : { signal }),
          })
          return await readFile(outFile)
        } finally {
          await video.release()
          await rm(workDir, { recursive: true, force: true })
        }
      })
    },
  }
}
