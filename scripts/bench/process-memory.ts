// Resident memory of a browser while it works, from /proc (Linux): every
// process whose command line names the browser's profile folder, summed, sampled
// until stopped. The peak over the baseline is what a step costs in memory,
// wherever Chromium keeps the bytes (renderer, browser process, blob storage).
import { readdir, readFile } from 'node:fs/promises'

async function residentBytes(marker: string): Promise<number> {
  let total = 0
  for (const pid of await readdir('/proc').catch(() => [])) {
    if (!/^\d+$/.test(pid)) continue
    try {
      const commandLine = await readFile(`/proc/${pid}/cmdline`, 'utf8')
      if (!commandLine.includes(marker)) continue
      const rss = /VmRSS:\s+(\d+) kB/.exec(await readFile(`/proc/${pid}/status`, 'utf8'))
      total += Number(rss?.[1] ?? 0) * 1024
    } catch {
      // The process ended between listing and reading.
    }
  }
  return total
}

export type PeakSampler = { stop: () => Promise<{ peak: number; baseline: number }> }

/** Reads a figure now (the baseline) and every `everyMs` after; stop() gives the baseline and the highest value seen. */
export async function samplePeak(read: () => Promise<number>, everyMs = 50): Promise<PeakSampler> {
  const baseline = await read()
  let peak = baseline
  const state = { running: true }
  const loop = (async () => {
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, everyMs))
      if (!state.running) return
      peak = Math.max(peak, await read())
    }
  })()
  return {
    stop: async () => {
      state.running = false
      await loop
      return { peak, baseline }
    },
  }
}

/** The summed resident memory of the browser using `profileDir`, sampled until stopped. */
export function sampleBrowserMemory(profileDir: string): Promise<PeakSampler> {
  return samplePeak(() => residentBytes(profileDir))
}
