// spec §7/§9: lip sync is priced by the client's `audio_duraraion`, in started
// minutes. The server measures the audio before charging and refuses a file
// longer than the minutes paid for (decision 0076). Measurements of the same
// file differ by container and decoder (a header's duration vs decoded
// samples), so a second of slack keeps an honest 60.0 s from becoming 2 minutes.

export const AUDIO_LENGTH_TOLERANCE_SECONDS = 1

const startedMinutes = (seconds: number): number => Math.max(1, Math.ceil(seconds / 60))

/** True when the measured audio needs more started minutes than were paid for. */
export function exceedsPaidAudio(measuredSeconds: number, paidSeconds: number): boolean {
  return startedMinutes(measuredSeconds - AUDIO_LENGTH_TOLERANCE_SECONDS) > startedMinutes(paidSeconds)
}
