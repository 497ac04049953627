import { act, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { renderInRouter } from '@/app/testing/render-in-router'

// "Notify me when it's ready" (docs/decisions/0280, 0282, 0115): asks for permission
// only on the user's click, explains a denied permission instead of asking,
// and on iOS Safari in a tab opens the install hint about the home-screen app.

const iPhoneSafari = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.2 Mobile/15E148 Safari/604.1'

/** A browser with push (jsdom has none) whose permission is `permission`; the server offers its key. */
function browserWithPush(permission: NotificationPermission) {
  const requestPermission = vi.fn<() => Promise<NotificationPermission>>(async () => 'denied')
  vi.stubGlobal('Notification', { permission, requestPermission })
  vi.stubGlobal('PushManager', function PushManager() {})
  const registration = { pushManager: { getSubscription: async () => null } }
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistration: async () => registration, ready: Promise.resolve(registration) },
  })
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json({ publicKey: 'BKey' })),
  )
  return { requestPermission }
}

async function renderControl(place: 'generation' | 'account', offlineReason?: string) {
  // The opt-in state is the app's, kept by its module: each test starts with a fresh one.
  vi.resetModules()
  const { NotifyWhenReady } = await import('./notify-when-ready')
  const { IosInstallHint } = await import('@/app/pwa/ios-install-hint')
  const waiting = offlineReason === undefined ? {} : { disabled: true, describedBy: 'why-waiting' }
  await renderInRouter(
    <>
      <NotifyWhenReady place={place} {...waiting} />
      {offlineReason !== undefined && <p id="why-waiting">{offlineReason}</p>}
      <IosInstallHint />
    </>,
  )
}

beforeEach(() => localStorage.clear())
afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
  Reflect.deleteProperty(navigator, 'serviceWorker')
})

describe('NotifyWhenReady', () => {
  it('asks for permission only when clicked, and says how to allow it once denied', async () => {
    const { requestPermission } = browserWithPush('default')
    await renderControl('generation')
    const button = await screen.findByRole('button', { name: 'Notify me when it’s ready' })
    expect(requestPermission).not.toHaveBeenCalled()

    await userEvent.click(button)
    expect(requestPermission).toHaveBeenCalledTimes(1)
    expect(await screen.findByText(/allow notifications for this site in your browser’s settings/)).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Notify me when it’s ready' })).not.toBeInTheDocument()
  })

  it('on the Account screen says what it is about, and waits offline with the reason tied to it', async () => {
    browserWithPush('default')
    await renderControl('account', 'You are offline. Connect to the internet to change notifications.')
    const button = await screen.findByRole('button', { name: 'Notify me when a video is ready' })
    expect(button).toBeDisabled()
    expect(button).toHaveAccessibleDescription('You are offline. Connect to the internet to change notifications.')
  })

  it('never asks where notifications were blocked before', async () => {
    const { requestPermission } = browserWithPush('denied')
    await renderControl('account')
    expect(await screen.findByText(/Notifications are blocked for Actorly/)).toBeInTheDocument()
    expect(screen.queryByRole('button')).not.toBeInTheDocument()
    expect(requestPermission).not.toHaveBeenCalled()
  })

  it('on iOS Safari in a tab, explains the home-screen app through the install hint, even after it was dismissed', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(iPhoneSafari)
    localStorage.setItem('actorly.iosInstallHintDismissed', '1')
    await renderControl('generation')
    expect(screen.queryByRole('complementary', { name: 'Install Actorly' })).not.toBeInTheDocument()

    await userEvent.click(await screen.findByRole('button', { name: 'Notify me when it’s ready' }))
    const hint = screen.getByRole('complementary', { name: 'Install Actorly' })
    expect(hint).toHaveTextContent(
      'To be notified when your video is ready, add Actorly to your Home Screen: tap Share, then Add to Home Screen, and open it from there.',
    )
  })

  it.each([
    [
      'push_endpoint_not_allowed',
      'Notifications cannot be turned on in this browser: we can send them only through the push services of the major browsers, such as Chrome, Edge, Firefox and Safari.',
    ],
    ['rate_limited', 'Too many requests came from here. Please wait a few minutes and try again.'],
  ])('says why the server refused the subscription (%s), and drops it from the browser too', async (code, text) => {
    browserWithPush('default')
    vi.stubGlobal('Notification', { permission: 'default', requestPermission: async () => 'granted' })
    const unsubscribe = vi.fn<() => Promise<boolean>>(async () => true)
    const subscription = {
      endpoint: 'https://push.example.net/send/1',
      toJSON: () => ({ endpoint: 'https://push.example.net/send/1', keys: { p256dh: 'BKey', auth: 'secret' } }),
      unsubscribe,
    }
    const registration = { pushManager: { getSubscription: async () => null, subscribe: async () => subscription } }
    Object.defineProperty(navigator, 'serviceWorker', {
      configurable: true,
      value: { getRegistration: async () => registration, ready: Promise.resolve(registration) },
    })
    const calls: string[] = []
    vi.stubGlobal(
      'fetch',
      vi.fn(async (request: Request) => {
        calls.push(`${request.method} ${new URL(request.url).pathname}`)
        if (request.method === 'PUT') return Response.json({ message: 'refused', code }, { status: code === 'rate_limited' ? 429 : 400 })
        return Response.json({ publicKey: 'BKey' })
      }),
    )
    await renderControl('generation')
    await userEvent.click(await screen.findByRole('button', { name: 'Notify me when it’s ready' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(text)
    expect(calls).toContain('PUT /api/push/v1/subscription')
    expect(unsubscribe).toHaveBeenCalledTimes(1)
  })

  it('shows nothing where the browser has no push', async () => {
    await renderControl('account')
    await act(async () => {})
    expect(screen.queryByRole('button')).not.toBeInTheDocument()
  })
})
