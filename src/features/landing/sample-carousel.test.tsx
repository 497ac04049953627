import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { act, render, screen, within } from '@testing-library/react'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { SampleCarousel } from './sample-carousel'

// The carousel stops for reduced motion, off screen and in a hidden tab (spec §2,
// docs/quality.md). Animation frames, the media query, the observer and the tab state
// are driven by hand so each condition is checked on its own.

let frames = new Map<number, FrameRequestCallback>()
let nextFrame = 1
let now = 0
let observers: FakeIntersectionObserver[] = []

/** Records what it observes; the test says when a target comes on or goes off screen. */
class FakeIntersectionObserver implements IntersectionObserver {
  readonly root = null
  readonly rootMargin = '0px'
  readonly scrollMargin = '0px'
  readonly thresholds = [0]
  targets: Element[] = []
  readonly callback: IntersectionObserverCallback
  constructor(callback: IntersectionObserverCallback) {
    this.callback = callback
    observers.push(this)
  }
  observe(target: Element) {
    this.targets.push(target)
  }
  unobserve(target: Element) {
    this.targets = this.targets.filter((t) => t !== target)
  }
  disconnect() {
    this.targets = []
  }
  takeRecords() {
    return []
  }
}

function runFrames(count: number) {
  for (let i = 0; i < count; i++) {
    now += 1000 / 60
    const due = [...frames.values()]
    frames = new Map()
    act(() => due.forEach((callback) => callback(now)))
  }
}

function setOnScreen(element: Element, isIntersecting: boolean) {
  const rect = element.getBoundingClientRect()
  const entry: IntersectionObserverEntry = {
    target: element,
    isIntersecting,
    intersectionRatio: isIntersecting ? 1 : 0,
    boundingClientRect: rect,
    intersectionRect: rect,
    rootBounds: null,
    time: now,
  }
  for (const observer of observers.filter((o) => o.targets.includes(element))) {
    act(() => observer.callback([entry], observer))
  }
}

function mockReducedMotion(matches: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: matches && query.includes('reduce'),
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }))
}

function setHidden(hidden: boolean) {
  vi.spyOn(document, 'hidden', 'get').mockReturnValue(hidden)
  act(() => document.dispatchEvent(new Event('visibilitychange')))
}

function renderCarousel() {
  render(
    <I18nProvider i18n={i18n}>
      <SampleCarousel />
    </I18nProvider>,
  )
  const track = screen.getByRole('list', { name: 'Sample videos' })
  const viewport = track.parentElement
  if (!viewport) throw new Error('carousel viewport missing')
  return { track, viewport }
}

describe('SampleCarousel motion', () => {
  beforeAll(() => i18n.loadAndActivate({ locale: 'en', messages: {} }))
  beforeEach(() => {
    frames = new Map()
    observers = []
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => {
      frames.set(nextFrame, callback)
      return nextFrame++
    })
    vi.stubGlobal('cancelAnimationFrame', (id: number) => frames.delete(id))
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver)
    vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined)
  })
  afterEach(() => vi.unstubAllGlobals())

  it('shows the 16 samples, each with its one label saying it was made without AI, plus a hidden copy for the loop', () => {
    mockReducedMotion(false)
    const { track, viewport } = renderCarousel()
    setOnScreen(viewport, true)
    const cards = within(track).getAllByRole('listitem')
    expect(cards).toHaveLength(16)
    for (const card of cards) {
      expect(within(card).getByText('Illustrative sample, made without AI')).toBeVisible()
      expect(within(card).queryByText(/AI-generated|AI-made/)).not.toBeInTheDocument()
    }
    expect(track.querySelectorAll('li[aria-hidden="true"][inert]')).toHaveLength(16)
  })

  it('builds the cards only once the carousel comes near the screen, with lazy videos', () => {
    mockReducedMotion(false)
    const { track, viewport } = renderCarousel()
    expect(track.querySelectorAll('video')).toHaveLength(0)
    setOnScreen(viewport, true)
    const videos = [...track.querySelectorAll('video')]
    expect(videos).toHaveLength(32)
    for (const video of videos) {
      expect(video).toHaveAttribute('preload', 'none')
      expect(video.getAttribute('poster')).toMatch(/^\/samples\/[a-z0-9-]+\.webp$/)
      expect(video.muted).toBe(true)
    }
  })

  it('moves 1.5 px per frame only while on screen', () => {
    mockReducedMotion(false)
    const { track, viewport } = renderCarousel()
    runFrames(3)
    expect(track.style.transform).toBe('')
    setOnScreen(viewport, true)
    runFrames(4)
    expect(track.style.transform).toBe('translateX(-6px)')
    setOnScreen(viewport, false)
    expect(frames.size).toBe(0)
    runFrames(4)
    expect(track.style.transform).toBe('translateX(-6px)')
  })

  it('stops while the tab is hidden and resumes when it is back', () => {
    mockReducedMotion(false)
    const { track, viewport } = renderCarousel()
    setOnScreen(viewport, true)
    runFrames(2)
    setHidden(true)
    expect(frames.size).toBe(0)
    runFrames(5)
    expect(track.style.transform).toBe('translateX(-3px)')
    setHidden(false)
    runFrames(2)
    expect(track.style.transform).toBe('translateX(-6px)')
  })

  it('stands still as a scrollable list of 16 with controls for reduced motion', () => {
    mockReducedMotion(true)
    const { track, viewport } = renderCarousel()
    setOnScreen(viewport, true)
    runFrames(5)
    expect(frames.size).toBe(0)
    expect(track.style.transform).toBe('')
    expect(track.querySelectorAll('li')).toHaveLength(16)
    expect(screen.getByRole('region', { name: 'Sample videos, scroll sideways' })).toHaveAttribute('tabindex', '0')
    expect(screen.queryByRole('button', { name: 'Pause samples' })).toBeNull()
    for (const video of track.querySelectorAll('video')) expect(video).toHaveAttribute('controls')
  })

  it('stops when the visitor presses pause', () => {
    mockReducedMotion(false)
    const { track, viewport } = renderCarousel()
    setOnScreen(viewport, true)
    runFrames(2)
    act(() => screen.getByRole('button', { name: 'Pause samples' }).click())
    expect(screen.getByRole('button', { name: 'Pause samples' })).toHaveAttribute('aria-pressed', 'true')
    runFrames(5)
    expect(track.style.transform).toBe('translateX(-3px)')
  })
})
