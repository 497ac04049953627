import { I18nProvider } from '@lingui/react'
import { act, render, renderHook, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderInRouter } from '@/app/testing/render-in-router'
import type { PendingJob } from '@/device/device-db'
import { activateLocale, i18n } from '@/i18n/i18n'
import { TOAST_DURATION_MS } from '@contract/constants'
import { ToastRegion } from './toast-region'
import { useJobToasts } from './use-job-toasts'
import { useToasts, type Toast } from './use-toasts'

const ready: Toast = { id: 1, text: 'Your UGC actor video is ready.', tone: 'success', screen: { to: '/ugc-actor', step: 1 } }
const consistentReady: Toast = {
  id: 3,
  text: 'Your consistent actor video is ready.',
  tone: 'success',
  screen: { to: '/consistent-actor', step: 1 },
}

afterEach(() => vi.useRealTimers())

describe('ToastRegion', () => {
  it('reads toasts out politely, links to the video and closes on Dismiss', async () => {
    const onClose = vi.fn<(id: number) => void>()
    await renderInRouter(<ToastRegion toasts={[ready]} onClose={onClose} />, { path: '/gallery' })
    const region = await screen.findByRole('region', { name: 'Notifications' })
    expect(region).toHaveAttribute('aria-live', 'polite')
    const toast = within(region).getByRole('listitem')
    expect(toast).toHaveTextContent('Your UGC actor video is ready.')
    expect(within(toast).getByRole('link', { name: 'View' })).toHaveAttribute('href', '/ugc-actor?step=1')
    await userEvent.click(within(toast).getByRole('button', { name: 'Dismiss' }))
    expect(onClose).toHaveBeenCalledWith(1)
  })

  it('leads a consistent-actor video to /consistent-actor, which opens on Consistent Actor', async () => {
    await renderInRouter(<ToastRegion toasts={[consistentReady]} onClose={() => undefined} />, { path: '/gallery' })
    const toast = await screen.findByRole('listitem')
    expect(within(toast).getByRole('link', { name: 'View' })).toHaveAttribute('href', '/consistent-actor?step=1')
  })

  it('closes a toast after 5000 ms (spec §9)', async () => {
    await activateLocale('en')
    vi.useFakeTimers()
    const onClose = vi.fn<(id: number) => void>()
    render(
      <I18nProvider i18n={i18n}>
        <ToastRegion toasts={[{ id: 2, text: 'Your video could not be generated.', tone: 'error' }]} onClose={onClose} />
      </I18nProvider>,
    )
    expect(screen.getByRole('listitem')).toHaveTextContent('Your video could not be generated.')
    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS - 1))
    expect(onClose).not.toHaveBeenCalled()
    act(() => vi.advanceTimersByTime(1))
    expect(onClose).toHaveBeenCalledWith(2)
  })
})

describe('useJobToasts', () => {
  it('names the finished video, or says it could not be generated', async () => {
    await activateLocale('en')
    const { result } = renderHook(
      () => {
        const toasts = useToasts()
        return { toasts, announce: useJobToasts(toasts) }
      },
      { wrapper: ({ children }) => <I18nProvider i18n={i18n}>{children}</I18nProvider> },
    )
    const lipSync: PendingJob = {
      requestId: 'r',
      kind: 'lipsync',
      params: { kind: 'lipsync', videoUrl: 'https://cdn.test/v.mp4', audioUrl: 'https://cdn.test/a.wav', audioDurationSeconds: 3, enhanced: false },
      uid: 'u1',
      userId: 'rec-1',
      startedAt: 1,
      demo: false,
    }
    const consistent: PendingJob = {
      ...lipSync,
      kind: 'consistent',
      params: { kind: 'consistent', prompt: 'p', imageUrl: 'https://cdn.test/face.png' },
    }
    const ugc: PendingJob = { ...lipSync, kind: 'ugc', params: { kind: 'ugc', prompt: 'p', seed: null, enhanced: false } }
    act(() => result.current.announce(lipSync, { status: 'completed', outputUrl: 'https://cdn.test/out.mp4' }))
    act(() => result.current.announce(lipSync, { status: 'failed', error: '' }))
    act(() => result.current.announce(consistent, { status: 'completed', outputUrl: 'https://cdn.test/out.mp4' }))
    act(() => result.current.announce(consistent, { status: 'failed', error: 'No face found' }))
    act(() => result.current.announce(ugc, { status: 'completed', outputUrl: 'https://cdn.test/out.mp4' }))
    expect(result.current.toasts.toasts).toMatchObject([
      { text: 'Your lip-sync video is ready.', tone: 'success', screen: { to: '/ugc-actor', step: 2 } },
      { text: 'Your video could not be generated.', tone: 'error', screen: { to: '/ugc-actor', step: 2 } },
      { text: 'Your consistent actor video is ready.', tone: 'success', screen: { to: '/consistent-actor', step: 1 } },
      { text: 'Your video could not be generated.', tone: 'error', screen: { to: '/consistent-actor', step: 1 } },
      { text: 'Your UGC actor video is ready.', tone: 'success', screen: { to: '/ugc-actor', step: 1 } },
    ])
  })
})
