// A small counting semaphore: the local renderer runs at most N ffmpeg
// processes at once (2 cores shared with the API; docs/operations/generation.md).

export interface Limiter {
  run<T>(task: () => Promise<T>): Promise<T>
}

export function createLimiter(limit: number): Limiter {
  if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`A limit must be a positive integer, got ${limit}`)
  let running = 0
  const waiting: (() => void)[] = []
  const release = (): void => {
    running -= 1
    waiting.shift()?.()
  }
  return {
    async run(task) {
      if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve))
      running += 1
      try {
        return await task()
      } finally {
        release()
      }
    },
  }
}
