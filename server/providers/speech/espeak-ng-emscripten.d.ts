// The parts of eSpeak NG's Emscripten build (@echogarden/espeak-ng-emscripten,
// which ships no types) that server/providers/speech/espeak.ts uses.
declare module '@echogarden/espeak-ng-emscripten' {
  export interface EspeakEvent {
    type: 'list_terminated' | 'word' | 'sentence' | 'mark' | 'play' | 'end' | 'msg_terminated' | 'phoneme' | 'samplerate'
    /** 1-based position in the text, in characters. */
    text_position: number
    word_length: number
    /** Milliseconds from the start of the audio. */
    audio_position: number
  }
  export interface EspeakWorker {
    readonly samplerate: number
    /** 0 when the voice was found. */
    set_voice(name: string): number
    set_rate(wordsPerMinute: number): void
    /** Calls back with chunks of 16-bit mono samples and the events in them; returning true stops. */
    synthesize(text: string, callback: (samples: Int16Array | null, events: EspeakEvent[]) => boolean): void
  }
  export interface EspeakModule {
    eSpeakNGWorker: new () => EspeakWorker
  }
  export default function createModule(options?: Record<string, unknown>): Promise<EspeakModule>
}
