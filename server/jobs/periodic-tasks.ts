import type { Logger } from 'pino'

// Periodic work of the process that runs jobs (the worker) or of any instance
// (the deadline sweep): each task runs every interval, never overlapping
// itself; a failure is logged and the task runs again next time. Other parts
// register theirs here (e.g. a retention task) instead of starting timers of
// their own, so shutdown stops them all.

export interface PeriodicTask {
  name: string
  intervalMs: number
  run(): Promise<unknown>
  /** Also run right away when registered (default false). */
  runAtStart?: boolean
}

export interface PeriodicTasks {
  register(task: PeriodicTask): void
  /** Stops every task and waits for those running. */
  stop(): Promise<void>
}

export function createPeriodicTasks(log: Logger): PeriodicTasks {
  const timers = new Set<NodeJS.Timeout>()
  const running = new Set<Promise<unknown>>()
  let stopped = false

  function schedule(task: PeriodicTask, delayMs: number): void {
    if (stopped) return
    const timer = setTimeout(() => {
      timers.delete(timer)
      const run = task
        .run()
        .catch((error: unknown) => log.warn({ task: task.name, err: error }, 'periodic task failed; it runs again next time'))
        .finally(() => {
          running.delete(run)
          schedule(task, task.intervalMs)
        })
      running.add(run)
    }, delayMs)
    // A periodic task alone never keeps the process alive.
    timer.unref()
    timers.add(timer)
  }

  return {
    register(task) {
      schedule(task, task.runAtStart === true ? 0 : task.intervalMs)
    },
    async stop() {
      stopped = true
      for (const timer of timers) clearTimeout(timer)
      timers.clear()
      await Promise.allSettled(running)
    },
  }
}
