import { setupI18n, type Messages } from '@lingui/core'
import type { PushMessage } from '@contract/push'
import { addUnseenVideo } from '@/device/unseen-videos'
import { notificationTextOf } from '@/notifications/notification-texts'
import { type EndedJobData, showsTheApp } from './notification-click'

declare const self: ServiceWorkerGlobalScope

// A push message from the server when a generation ends (docs/decisions/0280):
// shown as a notification in the subscription's language, unless a window of
// the app is visible and focused (that page shows the result itself). A
// finished video counts on the app badge until the user sees it.

// Only the notifications catalog: the service worker carries a few sentences, not the app's texts.
const catalogs = import.meta.glob<Messages>('../src/locales/*/notifications.po', { eager: true, import: 'messages' })

function messagesFor(language: string): Messages {
  return catalogs[`../src/locales/${language}/notifications.po`] ?? catalogs['../src/locales/en/notifications.po'] ?? {}
}

/** The payload as the server sends it (contract/push.ts), checked without zod to keep the worker small; null otherwise. */
export function parsePushMessage(data: unknown): PushMessage | null {
  if (typeof data !== 'object' || data === null) return null
  if (!('type' in data) || data.type !== 'generation-ended') return null
  if (!('requestId' in data) || typeof data.requestId !== 'string' || data.requestId === '') return null
  if (!('kind' in data) || (data.kind !== 'ugc' && data.kind !== 'lipsync' && data.kind !== 'consistent')) return null
  if (!('outcome' in data) || (data.outcome !== 'completed' && data.outcome !== 'failed')) return null
  const refunded = 'refunded' in data && data.refunded === true
  const language = 'language' in data && data.language === 'de' ? 'de' : 'en'
  return { type: 'generation-ended', requestId: data.requestId, kind: data.kind, outcome: data.outcome, refunded, language }
}

function readPayload(event: PushEvent): PushMessage | null {
  try {
    return parsePushMessage(event.data?.json())
  } catch {
    return null
  }
}

async function showPushed(message: PushMessage): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true })
  if (windows.some(showsTheApp)) return
  if (message.outcome === 'completed') await addUnseenVideo(message.requestId).catch(() => undefined)
  const i18n = setupI18n({ locale: message.language, messages: { [message.language]: messagesFor(message.language) } })
  const text = notificationTextOf(message)
  const data: EndedJobData = { requestId: message.requestId, kind: message.kind, outcome: message.outcome }
  await self.registration.showNotification(i18n._(text.title), {
    body: i18n._(text.body),
    // The page's own notification for the same job has this tag too: one replaces the other.
    tag: message.requestId,
    icon: '/icons/icon-192.png',
    lang: message.language,
    data,
  })
}

export function routePushMessages(): void {
  self.addEventListener('push', (event) => {
    const message = readPayload(event)
    if (message === null) return
    event.waitUntil(showPushed(message))
  })
}
