import type { Running } from './processes.ts'

// Stops a local stack in order: what started last stops first (the balancer,
// then the API instances and workers, then the emulators and the database,
// then their folders), on Ctrl+C, SIGTERM, a closed terminal, or when one of
// its processes exits by itself. Shared by `npm start`, `npm run
// start:cluster` and the e2e server.

type Step = () => Promise<void>

export class Supervisor {
  private readonly steps: { what: string; step: Step }[] = []
  private stopped: Promise<void> | null = null
  private exitCode = 0
  private readonly onEnd: (code: number) => void
  private readonly say: (line: string) => void

  /** onEnd: called once the stack has stopped, with the exit code (the scripts exit with it). */
  constructor(options: { onEnd: (code: number) => void; say: (line: string) => void }) {
    this.onEnd = options.onEnd
    this.say = options.say
  }

  get stopping(): boolean {
    return this.stopped !== null
  }

  /** Runs `step` when the stack stops, before the steps added earlier. */
  defer(what: string, step: Step): void {
    this.steps.push({ what, step })
  }

  /**
   * Processes to stop together when the stack stops; if one exits by itself,
   * the whole stack stops with its exit code (or `code` when it had none).
   */
  watch(what: string, processes: Running[], code = 1): void {
    this.defer(what, async () => {
      await Promise.all(processes.map((running) => running.stop()))
    })
    for (const running of processes) {
      void running.exited.then((exitCode) => {
        if (this.stopping) return
        this.say(`actorly: ${running.name} exited (${exitCode ?? 'signal'}); stopping everything`)
        void this.stop(exitCode === null || exitCode === 0 ? code : exitCode)
      })
    }
  }

  /** Ctrl+C, SIGTERM and a closed terminal stop the stack, then the process exits. */
  stopOnSignals(): void {
    for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => void this.stop(0))
  }

  /** Runs every step, last added first; each step runs even if an earlier one failed. */
  stop(code = 0): Promise<void> {
    if (this.stopped !== null) return this.stopped
    this.exitCode = code
    this.stopped = (async () => {
      for (const { what, step } of this.steps.toReversed()) {
        try {
          await step()
        } catch (error) {
          this.say(`actorly: stopping ${what} failed: ${error instanceof Error ? error.message : String(error)}`)
          this.exitCode ||= 1
        }
      }
      this.onEnd(this.exitCode)
    })()
    return this.stopped
  }
}
