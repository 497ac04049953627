import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'

// What a notification about an ended generation says, shared by the page's
// own notification (src/jobs/job-notification.ts) and the service worker's
// push notification (sw/push-notifications.ts), so both read the same in
// either language. Its own catalog (src/locales/<locale>/notifications.po)
// keeps the service worker's copy small.

export interface EndedJob {
  outcome: 'completed' | 'failed'
  /** A failed job's price came back (the demo account pays nothing). */
  refunded: boolean
}

export interface NotificationText {
  title: MessageDescriptor
  body: MessageDescriptor
}

export function notificationTextOf(job: EndedJob): NotificationText {
  if (job.outcome === 'completed') return { title: msg`Your video is ready`, body: msg`Open Actorly to watch and download it.` }
  return {
    title: msg`Your video could not be generated`,
    body: job.refunded ? msg`Your credits were refunded. Open Actorly to try again.` : msg`Open Actorly to try again.`,
  }
}
