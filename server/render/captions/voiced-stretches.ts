import { runFfmpeg } from '../run-ffmpeg.ts'
import { probeDurationSeconds } from '../probe.ts'

// Where an audio has a voice: ffmpeg's silencedetect marks the quiet
// stretches, and what lies between them is speech. The embedded default
// spreads the words the user typed over these (./approximate-words.ts).

export interface Stretch {
  start: number
  end: number
}

/** Quieter than this counts as silence; a pause must last this long to split the speech. */
const SILENCE = { noise: '-32dB', seconds: 0.2 } as const

/** Parses silencedetect's log into the voiced stretches of an audio `total` seconds long (exported for tests). */
export function voicedBetweenSilences(log: string, total: number): Stretch[] {
  const silences: Stretch[] = []
  let open: number | null = null
  for (const match of log.matchAll(/silence_(start|end): (-?[\d.]+)/g)) {
    const at = Math.max(0, Number(match[2]))
    if (match[1] === 'start') open = at
    else if (open !== null) {
      silences.push({ start: open, end: at })
      open = null
    }
  }
  if (open !== null) silences.push({ start: open, end: total })
  const voiced: Stretch[] = []
  let from = 0
  for (const silence of silences) {
    if (silence.start - from > 0.05) voiced.push({ start: from, end: silence.start })
    from = Math.max(from, silence.end)
  }
  if (total - from > 0.05) voiced.push({ start: from, end: total })
  return voiced
}

export async function voicedStretches(audioFile: string, signal?: AbortSignal): Promise<{ stretches: Stretch[]; seconds: number }> {
  const seconds = await probeDurationSeconds(audioFile)
  const log = await runFfmpeg({
    args: ['-i', audioFile, '-af', `silencedetect=noise=${SILENCE.noise}:d=${SILENCE.seconds}`, '-vn', '-f', 'null', '-'],
    ...(signal === undefined ? {} : { signal }),
    timeoutMs: 60_000,
  })
  return { stretches: voicedBetweenSilences(log, seconds), seconds }
}
