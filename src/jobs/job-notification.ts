import { useLingui } from '@lingui/react'
import { useCallback } from 'react'
import type { PendingJob } from '@/device/device-db'
import { notificationTextOf } from '@/notifications/notification-texts'
import { chargeOf } from './job-config'
import type { JobOutcome } from './job-progress'

// A system notification when a job ends while the app is not in view
// (decision 0131). Permission is asked only when the user chooses "Notify me
// when it's ready" (src/app/push, decision 0280), never on load or unasked.
// A push message about the same job (sw/push-notifications.ts) carries the
// same tag, so the device shows one notification, whichever comes first.

function notifications(): typeof Notification | null {
  return typeof window !== 'undefined' && 'Notification' in window ? window.Notification : null
}

/** Shows the ended job as a system notification when permitted and the page is hidden (a visible page has the toast). */
export function useJobNotification(): (job: PendingJob, outcome: JobOutcome) => void {
  const { i18n } = useLingui()
  return useCallback(
    (job, outcome) => {
      if (document.visibilityState === 'visible') return
      // Nobody saw it finish: it counts on the app badge until they do (decision 0281).
      if (outcome.status === 'completed')
        void import('@/device/unseen-videos').then(({ addUnseenVideo }) => addUnseenVideo(job.requestId)).catch(() => undefined)
      const api = notifications()
      if (api === null || api.permission !== 'granted') return
      const text = notificationTextOf({ outcome: outcome.status, refunded: outcome.status === 'failed' && chargeOf(job.params, job.demo) > 0 })
      const data = { requestId: job.requestId, kind: job.kind, outcome: outcome.status }
      const options: NotificationOptions = { body: i18n._(text.body), tag: job.requestId, icon: '/favicon.svg', data }
      const title = i18n._(text.title)
      // Phones (Android Chrome) show notifications only through the service worker.
      const worker = typeof navigator !== 'undefined' ? navigator.serviceWorker : undefined
      if (worker?.controller) {
        worker.ready.then((registration) => registration.showNotification(title, options)).catch(() => undefined)
        return
      }
      try {
        const note = new api(title, options)
        note.addEventListener('click', () => {
          window.focus()
          note.close()
        })
      } catch {
        // No way to notify here; the toast tells the user when they come back.
      }
    },
    [i18n],
  )
}
