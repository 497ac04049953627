import { I18nProvider } from '@lingui/react'
import { renderHook } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { activateLocale, i18n } from '@/i18n/i18n'
import { useJobNotification } from './job-notification'
import { pendingJob } from './testing/pending-job'

// The system notification when a job ends (decision 0131): only with the
// user's permission, only while the page is hidden (a visible page has the toast).

const job = pendingJob({ requestId: 'req-9' })

/** A stand-in for the browser's Notification: records what was shown. */
function fakeNotifications(permission: NotificationPermission) {
  const shown: { title: string; options: NotificationOptions | undefined }[] = []
  const requestPermission = vi.fn<() => Promise<NotificationPermission>>(() => Promise.resolve('granted'))
  class FakeNotification extends EventTarget {
    static permission = permission
    static requestPermission = requestPermission
    constructor(title: string, options?: NotificationOptions) {
      super()
      shown.push({ title, options })
    }
    close() {}
  }
  vi.stubGlobal('Notification', FakeNotification)
  return { shown, requestPermission }
}

function pageIs(state: DocumentVisibilityState) {
  vi.spyOn(document, 'visibilityState', 'get').mockReturnValue(state)
}

async function notifier() {
  await activateLocale('en')
  const { result } = renderHook(() => useJobNotification(), {
    wrapper: ({ children }) => <I18nProvider i18n={i18n}>{children}</I18nProvider>,
  })
  return result.current
}

beforeEach(() => pageIs('hidden'))
afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

describe('useJobNotification', () => {
  it('shows the finished video when the user allowed notifications', async () => {
    const { shown } = fakeNotifications('granted')
    const notify = await notifier()
    notify(job, { status: 'completed', outputUrl: 'https://cdn.test/v.mp4' })
    expect(shown).toEqual([
      {
        title: 'Your video is ready',
        options: { body: 'Open Actorly to watch and download it.', tag: 'req-9', icon: '/favicon.svg', data: { requestId: 'req-9', kind: job.kind, outcome: 'completed' } },
      },
    ])
  })

  it('says a failed video could not be generated', async () => {
    const { shown } = fakeNotifications('granted')
    const notify = await notifier()
    notify(job, { status: 'failed', error: '' })
    expect(shown).toMatchObject([{ title: 'Your video could not be generated', options: { body: 'Your credits were refunded. Open Actorly to try again.' } }])
  })

  it('shows nothing when the user denied or was never asked', async () => {
    for (const permission of ['denied', 'default'] as const) {
      const { shown } = fakeNotifications(permission)
      const notify = await notifier()
      notify(job, { status: 'completed', outputUrl: 'https://cdn.test/v.mp4' })
      expect(shown).toEqual([])
    }
  })

  it('shows nothing while the page is in view (the toast tells the user)', async () => {
    const { shown } = fakeNotifications('granted')
    pageIs('visible')
    const notify = await notifier()
    notify(job, { status: 'completed', outputUrl: 'https://cdn.test/v.mp4' })
    expect(shown).toEqual([])
  })

  it('goes through the service worker where one controls the page (phones show notifications only there)', async () => {
    const { shown } = fakeNotifications('granted')
    const showNotification = vi.fn<(title: string, options?: NotificationOptions) => Promise<void>>(() => Promise.resolve())
    vi.stubGlobal('navigator', { ...navigator, serviceWorker: { controller: {}, ready: Promise.resolve({ showNotification }) } })
    const notify = await notifier()
    notify(job, { status: 'completed', outputUrl: 'https://cdn.test/v.mp4' })
    await vi.waitFor(() => expect(showNotification).toHaveBeenCalledWith('Your video is ready', expect.objectContaining({ tag: 'req-9' })))
    expect(shown).toEqual([])
  })
})
