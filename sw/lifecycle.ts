/// <reference lib="webworker" />
// Version handover. A new worker installs and then waits: it is activated only
// when the page, after the user accepted the update prompt, sends SKIP_WAITING
// (src/app/pwa/). On activation it drops the runtime caches of older versions.
import { outdatedRuntimeCaches } from './request-policy'
import { sampleMediaCache } from './sample-media'

declare const self: ServiceWorkerGlobalScope

const runtimeCachePrefix = 'actorly-'
const currentRuntimeCaches = [sampleMediaCache]

/** The message the update prompt sends; kept in one place with its check. */
export const skipWaitingMessage = { type: 'SKIP_WAITING' } as const

export function isSkipWaitingMessage(data: unknown): boolean {
  return typeof data === 'object' && data !== null && 'type' in data && data.type === skipWaitingMessage.type
}

export function waitForUserToUpdate(): void {
  self.addEventListener('message', (event) => {
    if (isSkipWaitingMessage(event.data)) void self.skipWaiting()
  })
}

export function removeOutdatedRuntimeCaches(): void {
  self.addEventListener('activate', (event) => {
    event.waitUntil(
      caches.keys().then((names) => Promise.all(outdatedRuntimeCaches(names, currentRuntimeCaches, runtimeCachePrefix).map((name) => caches.delete(name)))),
    )
  })
}
