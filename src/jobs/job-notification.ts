import { useLingui } from '@lingui/react/macro'
import { useCallback } from 'react'
import type { PendingJob } from '@/db/device-db'
import type { JobOutcome } from './job-progress'

// A system notification when a job ends while the app is not in view
// (decision 0131). Permission is asked only right after the user starts a job
// (a user gesture), never on load.

function notifications(): typeof Notification | null {
  return typeof window !== 'undefined' && 'Notification' in window ? window.Notification : null
}

/** Called from the start of a job (the user's click): asks once, if the user was never asked. */
export function askToNotifyLater(): void {
  const api = notifications()
  if (api === null || api.permission !== 'default') return
  api.requestPermission().catch(() => undefined)
}

/** Shows the ended job as a system notification when permitted and the page is hidden (a visible page has the toast). */
export function useJobNotification(): (job: PendingJob, outcome: JobOutcome) => void {
  const { t } = useLingui()
  return useCallback(
    (job, outcome) => {
      const api = notifications()
      if (api === null || api.permission !== 'granted' || document.visibilityState === 'visible') return
      const title = outcome.status === 'completed' ? t`Your video is ready` : t`Your video could not be generated`
      const body = outcome.status === 'completed' ? t`Open Actorly to watch and download it.` : t`Open Actorly to try again.`
      const options: NotificationOptions = { body, tag: job.requestId, icon: '/favicon.svg' }
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
    [t],
  )
}
