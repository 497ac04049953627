import { ASPECT_RATIOS, RESOLUTIONS, type SpeechLanguage } from '../../../contract/constants.ts'
import type { GenerationInput, OutputFormat } from '../provider.ts'
import { SPEECH_VOICES } from '../speech/voices.ts'
import type { FalInputSchema, FalSource } from './fal-schema.ts'
import { FAL_PRICES, type FalPrice } from './fal-prices.ts'

// The fal models the server knows, by model family: for each endpoint the
// part of its published input schema the product relies on (read from fal's
// model pages, see `source`), how a job is put into that input, and what
// pro_mode means there. A configured model that is not in this table refuses
// to start (config.ts); the fake fal server checks every submission against
// these schemas. docs/operations/generation.md shows the same table;
// docs/decisions/0230 says why these models.

type UgcInput = Extract<GenerationInput, { kind: 'ugc' }>
type LipSyncInput = Extract<GenerationInput, { kind: 'lipsync' }>
type ConsistentInput = Extract<GenerationInput, { kind: 'consistent' }>
type VoiceInput = Extract<GenerationInput, { kind: 'voice' }>
/** What a speech-to-text model is asked: an audio fal can fetch and its language. */
export interface TranscriptionInput {
  audioUrl: string
  language: SpeechLanguage
}

/** A request body in the model's own field names (settings may nest). */
export type FalValue = string | number | boolean | FalRequestBody
export interface FalRequestBody {
  [field: string]: FalValue
}

interface EndpointFacts {
  /** The endpoint id, as in `POST https://queue.fal.run/<id>`. */
  id: string
  family: string
  source: FalSource
  input: FalInputSchema
  price: FalPrice
  /** What it renders whatever the request, when the request does not say (spec §3 gallery format); null: the request's settings. */
  renders: OutputFormat | null
}

export type UgcEndpoint = EndpointFacts & {
  kind: 'ugc'
  /** The same family's higher tier, which pro_mode ("Enhanced actor") asks for; none: pro_mode changes the request instead. */
  higherTier: string | null
  /** Whether the video carries generated sound (speech) for this request. */
  speaks(input: UgcInput): boolean
  toInput(input: UgcInput): FalRequestBody
}
export type LipSyncEndpoint = EndpointFacts & { kind: 'lipsync'; toInput(input: LipSyncInput): FalRequestBody }
export type ConsistentEndpoint = EndpointFacts & { kind: 'consistent'; toInput(input: ConsistentInput): FalRequestBody }
/** Text to speech: a voice from a script (docs/decisions/0232); answers `{ audio: { url } }`. */
export type SpeechEndpoint = EndpointFacts & {
  kind: 'speech'
  /** Whether its answer times each word (else a speech-to-text model times them for captions). */
  timesWords: boolean
  toInput(input: VoiceInput): FalRequestBody
}
/** Speech to text with word times, for captions of an audio without them (docs/decisions/0234). */
export type TranscriptionEndpoint = EndpointFacts & { kind: 'transcription'; toInput(input: TranscriptionInput): FalRequestBody }
export type FalEndpoint = UgcEndpoint | LipSyncEndpoint | ConsistentEndpoint | SpeechEndpoint | TranscriptionEndpoint

// The route accepts only these (contract/generations.ts), so they are what the user chose.
const [PORTRAIT] = ASPECT_RATIOS
const [FULL_HD] = RESOLUTIONS

const READ = '2026-11-25'
const READ_VOICE = '2026-11-27'

/** Seedance 1.0 Pro and Pro Fast share one text-to-video input. */
const SEEDANCE_1_INPUT: FalInputSchema = {
  prompt: { type: 'string', required: true },
  aspect_ratio: { type: 'enum', values: ['21:9', '16:9', '4:3', '1:1', '3:4', '9:16'], note: 'default 16:9' },
  resolution: { type: 'enum', values: ['480p', '720p', '1080p'], note: 'default 1080p' },
  duration: { type: 'enum', values: ['2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12'], note: 'seconds, default "5"' },
  camera_fixed: { type: 'boolean' },
  seed: { type: 'integer', note: '-1 for random' },
  enable_safety_checker: { type: 'boolean', note: 'default true' },
  num_frames: { type: 'integer', min: 29, max: 289, note: 'overrides duration' },
}

const seedance1 = (input: UgcInput): FalRequestBody => ({
  prompt: input.prompt,
  aspect_ratio: PORTRAIT,
  resolution: FULL_HD,
  duration: String(input.durationSeconds),
  seed: input.seed,
})

const SEEDANCE_1_PRO_FAST: UgcEndpoint = {
  id: 'fal-ai/bytedance/seedance/v1/pro/fast/text-to-video',
  kind: 'ugc',
  family: 'Seedance 1.0',
  source: { url: 'https://fal.ai/models/fal-ai/bytedance/seedance/v1/pro/fast/text-to-video/api', read: READ },
  input: SEEDANCE_1_INPUT,
  price: FAL_PRICES.seedance1ProFast,
  renders: null,
  higherTier: 'fal-ai/bytedance/seedance/v1/pro/text-to-video',
  speaks: () => false,
  toInput: seedance1,
}

const SEEDANCE_1_PRO: UgcEndpoint = {
  ...SEEDANCE_1_PRO_FAST,
  id: 'fal-ai/bytedance/seedance/v1/pro/text-to-video',
  source: { url: 'https://fal.ai/models/fal-ai/bytedance/seedance/v1/pro/text-to-video/api', read: READ },
  price: FAL_PRICES.seedance1Pro,
  higherTier: null,
}

const SEEDANCE_1_5_PRO: UgcEndpoint = {
  id: 'fal-ai/bytedance/seedance/v1.5/pro/text-to-video',
  kind: 'ugc',
  family: 'Seedance 1.5',
  source: { url: 'https://fal.ai/models/fal-ai/bytedance/seedance/v1.5/pro/text-to-video/api', read: READ },
  input: {
    prompt: { type: 'string', required: true },
    aspect_ratio: { type: 'enum', values: ['21:9', '16:9', '4:3', '1:1', '3:4', '9:16', 'auto'], note: 'default 16:9' },
    resolution: { type: 'enum', values: ['480p', '720p', '1080p'], note: 'default 720p' },
    duration: { type: 'enum', values: ['4', '5', '6', '7', '8', '9', '10', '11', '12'], note: 'seconds, default "5"' },
    camera_fixed: { type: 'boolean' },
    seed: { type: 'integer', note: '-1 for random' },
    enable_safety_checker: { type: 'boolean', note: 'default true' },
    generate_audio: { type: 'boolean', note: 'default true; speech for lines in quotes, ambient sound' },
  },
  price: FAL_PRICES.seedance15Pro,
  renders: null,
  // One tier only: pro_mode turns on its own sound, so the enhanced actor speaks the prompt's quoted lines.
  higherTier: null,
  speaks: (input) => input.enhanced,
  toInput: (input) => ({ ...seedance1(input), generate_audio: input.enhanced }),
}

const SYNC_LIPSYNC: LipSyncEndpoint = {
  id: 'fal-ai/sync-lipsync',
  kind: 'lipsync',
  family: 'sync.so lipsync 1.x',
  source: { url: 'https://fal.ai/models/fal-ai/sync-lipsync/api', read: READ },
  input: {
    model: { type: 'enum', values: ['lipsync-1.8.0', 'lipsync-1.7.1', 'lipsync-1.9.0-beta'], note: 'default lipsync-1.9.0-beta' },
    video_url: { type: 'string', required: true },
    audio_url: { type: 'string', required: true },
    sync_mode: { type: 'enum', values: ['cut_off', 'loop', 'bounce', 'silence', 'remap'], note: 'default cut_off' },
  },
  price: FAL_PRICES.syncLipsync,
  // It keeps the input video's format, unknown before it is done (decision 0077).
  renders: null,
  // sync_mode 'cut_off': the output lasts as long as the shorter input, like the paid audio.
  toInput: (input) => ({ model: input.model, video_url: input.videoUrl, audio_url: input.audioUrl, sync_mode: 'cut_off' }),
}

const KLING_25_TURBO_STANDARD_I2V: ConsistentEndpoint = {
  id: 'fal-ai/kling-video/v2.5-turbo/standard/image-to-video',
  kind: 'consistent',
  family: 'Kling 2.5 Turbo',
  source: { url: 'https://fal.ai/models/fal-ai/kling-video/v2.5-turbo/standard/image-to-video/llms.txt', read: READ_VOICE },
  input: {
    prompt: { type: 'string', required: true },
    image_url: { type: 'string', required: true },
    duration: { type: 'enum', values: ['5', '10'], note: 'seconds, default "5"' },
    negative_prompt: { type: 'string', note: 'default "blur, distort, and low quality"' },
    cfg_scale: { type: 'number', min: 0, max: 1, note: 'default 0.5' },
  },
  price: FAL_PRICES.kling25TurboStandardImageToVideo,
  // The face image is the first frame: the clip takes the image's shape, known only when done (decision 0236).
  renders: null,
  toInput: (input) => ({ prompt: input.prompt, image_url: input.imageUrl, duration: String(input.durationSeconds) }),
}

/** spec §3's two lip-sync models map to sync.so 2's two tiers: the newer, dearer one to the dearer option. */
const SYNC_2_MODELS = { 'lipsync-1.8.0': 'lipsync-2', 'lipsync-1.9.0-beta': 'lipsync-2-pro' } as const

const SYNC_LIPSYNC_V2: LipSyncEndpoint = {
  id: 'fal-ai/sync-lipsync/v2',
  kind: 'lipsync',
  family: 'sync.so lipsync 2',
  source: { url: 'https://fal.ai/models/fal-ai/sync-lipsync/v2/llms.txt', read: READ_VOICE },
  input: {
    model: { type: 'enum', values: ['lipsync-2', 'lipsync-2-pro'], note: 'default lipsync-2; lipsync-2-pro costs about 1.67 times as much' },
    video_url: { type: 'string', required: true },
    audio_url: { type: 'string', required: true },
    sync_mode: { type: 'enum', values: ['cut_off', 'loop', 'bounce', 'silence', 'remap'], note: 'default cut_off' },
  },
  price: FAL_PRICES.syncLipsyncV2,
  renders: null,
  toInput: (input) => ({ model: SYNC_2_MODELS[input.model], video_url: input.videoUrl, audio_url: input.audioUrl, sync_mode: 'cut_off' }),
}

/** MiniMax's `language_boost` names the language in English. */
const LANGUAGE_BOOST: Record<SpeechLanguage, string> = { en: 'English', de: 'German' }

const MINIMAX_SPEECH_28_HD: SpeechEndpoint = {
  id: 'fal-ai/minimax/speech-2.8-hd',
  kind: 'speech',
  family: 'MiniMax Speech 2.8',
  source: { url: 'https://fal.ai/models/fal-ai/minimax/speech-2.8-hd/llms.txt', read: READ_VOICE },
  input: {
    prompt: { type: 'string', required: true, note: 'the text; <#x#> pauses, (laughs) and the like are interpreted' },
    voice_setting: {
      type: 'object',
      fields: {
        voice_id: { type: 'string', note: 'default Wise_Woman' },
        speed: { type: 'number', min: 0.5, max: 2 },
        vol: { type: 'number', min: 0, max: 10 },
        pitch: { type: 'integer', min: -12, max: 12 },
        emotion: { type: 'enum', values: ['happy', 'sad', 'angry', 'fearful', 'disgusted', 'surprised', 'neutral'] },
        english_normalization: { type: 'boolean' },
      },
    },
    audio_setting: {
      type: 'object',
      fields: {
        format: { type: 'enum', values: ['mp3', 'pcm', 'flac'], note: 'default mp3' },
        sample_rate: { type: 'enum', values: ['8000', '16000', '22050', '24000', '32000', '44100'], note: 'default 32000' },
        bitrate: { type: 'enum', values: ['32000', '64000', '128000', '256000'], note: 'default 128000' },
        channel: { type: 'enum', values: ['1', '2'], note: 'default 1' },
      },
    },
    language_boost: {
      type: 'enum',
      values: [
        'Chinese',
        'Chinese,Yue',
        'English',
        'Arabic',
        'Russian',
        'Spanish',
        'French',
        'Portuguese',
        'German',
        'Turkish',
        'Dutch',
        'Ukrainian',
        'Vietnamese',
        'Indonesian',
        'Japanese',
        'Italian',
        'Korean',
        'Thai',
        'Polish',
        'Romanian',
        'Greek',
        'Czech',
        'Finnish',
        'Hindi',
        'Bulgarian',
        'Danish',
        'Hebrew',
        'Malay',
        'Slovak',
        'Swedish',
        'Croatian',
        'Hungarian',
        'Norwegian',
        'Slovenian',
        'Catalan',
        'Nynorsk',
        'Afrikaans',
        'auto',
      ],
    },
    output_format: { type: 'enum', values: ['url', 'hex'], note: 'default hex' },
  },
  price: FAL_PRICES.minimaxSpeech28Hd,
  renders: null,
  // Its answer is `{ audio, duration_ms }`: no word times.
  timesWords: false,
  // The script is sent as written: pause marks and (laughs) are the model's own syntax, which a script may use.
  toInput: (input) => ({
    prompt: input.text,
    voice_setting: { voice_id: SPEECH_VOICES[input.voice].model },
    audio_setting: { format: 'mp3', sample_rate: '32000', channel: '1' },
    language_boost: LANGUAGE_BOOST[input.language],
    output_format: 'url',
  }),
}

/** ElevenLabs names languages by ISO 639-3. */
const LANGUAGE_CODE: Record<SpeechLanguage, string> = { en: 'eng', de: 'deu' }

const ELEVENLABS_SPEECH_TO_TEXT: TranscriptionEndpoint = {
  id: 'fal-ai/elevenlabs/speech-to-text',
  kind: 'transcription',
  family: 'ElevenLabs Scribe',
  source: { url: 'https://fal.ai/models/fal-ai/elevenlabs/speech-to-text/llms.txt', read: READ_VOICE },
  input: {
    audio_url: { type: 'string', required: true },
    language_code: { type: 'string', note: 'e.g. eng, deu' },
    tag_audio_events: { type: 'boolean', note: 'default true' },
    diarize: { type: 'boolean', note: 'default true' },
  },
  price: FAL_PRICES.elevenlabsSpeechToText,
  renders: null,
  // Laughter tags and speaker labels are no caption text.
  toInput: (input) => ({ audio_url: input.audioUrl, language_code: LANGUAGE_CODE[input.language], tag_audio_events: false, diarize: false }),
}

const MINIMAX_SUBJECT_REFERENCE: ConsistentEndpoint = {
  id: 'fal-ai/minimax/video-01-subject-reference',
  kind: 'consistent',
  family: 'MiniMax Video-01',
  source: { url: 'https://fal.ai/models/fal-ai/minimax/video-01-subject-reference/api', read: READ },
  input: {
    prompt: { type: 'string', required: true },
    subject_reference_image_url: { type: 'string', required: true },
    prompt_optimizer: { type: 'boolean', note: 'default true' },
  },
  price: FAL_PRICES.minimaxSubjectReference,
  // 1280x720 whatever the image (spec §3: minmax is the 16:9 list).
  renders: { aspect_ratio: '16:9', resolution: '720p' },
  toInput: (input) => ({ prompt: input.prompt, subject_reference_image_url: input.imageUrl, prompt_optimizer: true }),
}

/** Every endpoint the server knows, by id. */
export const FAL_ENDPOINTS: readonly FalEndpoint[] = [
  SEEDANCE_1_PRO_FAST,
  SEEDANCE_1_PRO,
  SEEDANCE_1_5_PRO,
  SYNC_LIPSYNC,
  SYNC_LIPSYNC_V2,
  MINIMAX_SUBJECT_REFERENCE,
  KLING_25_TURBO_STANDARD_I2V,
  MINIMAX_SPEECH_28_HD,
  ELEVENLABS_SPEECH_TO_TEXT,
]

/**
 * The defaults of FAL_UGC_MODEL, FAL_LIPSYNC_MODEL, FAL_CONSISTENT_MODEL,
 * FAL_SPEECH_MODEL and FAL_TRANSCRIPTION_MODEL (decisions 0230, 0235, 0236):
 * lip sync is sync.so 2 and the consistent actor Kling 2.5 Turbo, whose prices
 * fal states, where those of sync.so 1.x and MiniMax's subject reference are unknown.
 */
export const DEFAULT_FAL_MODELS = {
  ugc: SEEDANCE_1_PRO_FAST.id,
  lipsync: SYNC_LIPSYNC_V2.id,
  consistent: KLING_25_TURBO_STANDARD_I2V.id,
  speech: MINIMAX_SPEECH_28_HD.id,
  transcription: ELEVENLABS_SPEECH_TO_TEXT.id,
} as const

export function falEndpoint(id: string): FalEndpoint | undefined {
  return FAL_ENDPOINTS.find((endpoint) => endpoint.id === id)
}
