import type { JobKind } from '@/jobs/types'
import { jobRow } from '@/device/job-rows'
import { jobScreenOf } from '@/jobs/job-screen'

declare const self: ServiceWorkerGlobalScope

// A click on a notification about an ended generation (the page's own,
// src/jobs/job-notification.ts, or a push message's, ./push-notifications.ts)
// leads to its result: an open Actorly window is focused and sent there,
// else a new one opens (docs/decisions/0280).

/** The generator, for a notification that names no job. */
export const NOTIFICATION_TARGET = '/ugc-actor'

/** What a notification about an ended job carries in its `data`. */
export interface EndedJobData {
  requestId: string
  kind: JobKind
  outcome: 'completed' | 'failed'
}

function endedJobData(data: unknown): EndedJobData | null {
  if (typeof data !== 'object' || data === null || !('requestId' in data) || !('kind' in data) || !('outcome' in data)) return null
  const { requestId, kind, outcome } = data
  if (typeof requestId !== 'string' || (kind !== 'ugc' && kind !== 'lipsync' && kind !== 'consistent') || (outcome !== 'completed' && outcome !== 'failed'))
    return null
  return { requestId, kind, outcome }
}

function screenPath(kind: JobKind): string {
  const screen = jobScreenOf(kind)
  return screen.step === 2 ? `${screen.to}?step=2` : screen.to
}

/**
 * Where a notification leads: the generator screen that shows the job when
 * this device follows it (it shows the outcome there); otherwise a finished
 * video is in the gallery, and a failed one is tried again in its generator.
 */
export async function targetOf(data: unknown): Promise<string> {
  const job = endedJobData(data)
  if (job === null) return NOTIFICATION_TARGET
  const followed = await jobRow(job.requestId)
  if (followed !== undefined || job.outcome === 'failed') return screenPath(job.kind)
  return '/gallery'
}

/** A window that shows the app to the user right now: it shows an ended job itself. */
export function showsTheApp(client: WindowClient): boolean {
  return new URL(client.url).origin === self.location.origin && client.visibilityState === 'visible' && client.focused
}

async function openTarget(notification: Notification): Promise<void> {
  const target = await targetOf(notification.data)
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true })
  const open = windows.find((client) => new URL(client.url).origin === self.location.origin)
  if (open) {
    // Focusing needs the click's permission; the window is sent to the result either way.
    await open.focus().catch(() => undefined)
    await open.navigate(target).catch(() => undefined)
    return
  }
  await self.clients.openWindow(target)
}

export function routeNotificationClicks(): void {
  self.addEventListener('notificationclick', (event) => {
    event.notification.close()
    const opening = openTarget(event.notification)
    event.waitUntil(opening)
  })
}
