import type { ProviderJobRef, ProviderStatus, WorkContext } from '../provider.ts'

// A worker's loop for one fal job under its lease (docs/decisions/0211): the
// video URL from fal's signed webhook is copied home as soon as the job row
// holds it (the webhook's job event ends the pause early); until then the
// queue is asked every poll interval, the fallback for a webhook that is late,
// lost or not configured. Errors in a row end the job after a limit (decision 0075); the
// deadline is the worker's.

export interface FalWorkDeps {
  status(job: ProviderJobRef, signal: AbortSignal): Promise<ProviderStatus>
  saveDelivered(job: ProviderJobRef, url: string, signal: AbortSignal): Promise<ProviderStatus>
  pollIntervalMs: number
  maxConsecutiveErrors: number
}

const ended = (status: ProviderStatus): boolean => status.state === 'completed' || status.state === 'failed'

export async function workFalJob(job: ProviderJobRef, context: WorkContext, deps: FalWorkDeps): Promise<ProviderStatus> {
  let errors = 0
  for (;;) {
    context.signal.throwIfAborted()
    let status: ProviderStatus
    try {
      const delivered = await context.deliveredResultUrl()
      // The copy home (download, caption pass) stops with the worker's signal: lease lost, shutdown.
      status = delivered === null ? await deps.status(job, context.signal) : await deps.saveDelivered(job, delivered, context.signal)
    } catch (error) {
      context.signal.throwIfAborted()
      errors += 1
      if (errors >= deps.maxConsecutiveErrors) {
        return {
          state: 'failed',
          progress: { current: 0, total: 100 },
          error: `${errors} errors in a row; last: ${error instanceof Error ? error.message : String(error)}`,
        }
      }
      await context.pause(deps.pollIntervalMs)
      continue
    }
    errors = 0
    if (ended(status)) return status
    context.report(status)
    await context.pause(deps.pollIntervalMs)
  }
}
