declare const self: ServiceWorkerGlobalScope

// A finished-generation notification (src/jobs/job-notification.ts) opens the
// generator: an open Actorly window is focused and sent there, else a new one opens.
export const NOTIFICATION_TARGET = '/ugc-actor'

export function routeNotificationClicks(): void {
  self.addEventListener('notificationclick', (event) => {
    event.notification.close()
    event.waitUntil(
      (async () => {
        const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true })
        const open = windows.find((client) => new URL(client.url).origin === self.location.origin)
        if (open) {
          await open.focus()
          await open.navigate(NOTIFICATION_TARGET).catch(() => undefined)
          return
        }
        await self.clients.openWindow(NOTIFICATION_TARGET)
      })(),
    )
  })
}
