import { afterEach, vi } from 'vitest'

// jsdom has no Web Share API: a test gives navigator one, and it is taken away after each test.

/** Installs navigator.canShare (answering `canShare`) and a navigator.share spy that runs `share`. */
export function stubWebShare(canShare: boolean, share: (data: ShareData) => Promise<void> = async () => {}) {
  const shareSpy = vi.fn<(data: ShareData) => Promise<void>>(share)
  Object.defineProperty(navigator, 'canShare', { value: vi.fn<(data: ShareData) => boolean>(() => canShare), configurable: true })
  Object.defineProperty(navigator, 'share', { value: shareSpy, configurable: true })
  return shareSpy
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'canShare')
  Reflect.deleteProperty(navigator, 'share')
})
