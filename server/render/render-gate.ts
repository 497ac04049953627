// How much ffmpeg work an API instance does at once for calls whose answer
// waits on it (caption cues and previews, docs/decisions/0234): a few on
// its two cores, and a request beyond that is turned away at once (the route
// answers 429 `busy` with Retry-After) rather than queued, so a burst cannot
// starve the instance's other answers. The workers' renders have their own
// limit (LOCAL_RENDER_CONCURRENCY).

/** Every slot is taken: ask again in a few seconds. */
export class RenderBusyError extends Error {
  override name = 'RenderBusyError'
}

export interface RenderGate {
  /** Runs `work` in a free slot, or throws RenderBusyError at once when none is free. */
  run<T>(work: () => Promise<T>): Promise<T>
}

export function createRenderGate(slots: number): RenderGate {
  let busy = 0
  return {
    async run(work) {
      if (busy >= slots) throw new RenderBusyError(`All ${slots} render slots of this instance are busy`)
      busy += 1
      try {
        return await work()
      } finally {
        busy -= 1
      }
    },
  }
}
