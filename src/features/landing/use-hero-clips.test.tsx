import { act, render } from '@testing-library/react'
import { useRef } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { useHeroClips } from './use-hero-clips'

// The hero's clips (docs/decisions/0084): nothing until the visitor scrolls,
// touches or types; then they play while on screen; never with reduced motion
// or data saver.

let observed: { callback: IntersectionObserverCallback; targets: Element[] }[] = []

class FakeIntersectionObserver {
  readonly targets: Element[] = []
  readonly callback: IntersectionObserverCallback
  constructor(callback: IntersectionObserverCallback) {
    this.callback = callback
    observed.push(this)
  }
  observe(target: Element) {
    this.targets.push(target)
  }
  disconnect() {
    this.targets.length = 0
  }
}

function onScreen(element: Element) {
  const rect = element.getBoundingClientRect()
  for (const observer of observed.filter((o) => o.targets.includes(element))) {
    const entry = { target: element, isIntersecting: true, intersectionRatio: 1, boundingClientRect: rect, intersectionRect: rect, rootBounds: null, time: 0 }
    act(() => observer.callback([entry], new IntersectionObserver(() => undefined)))
  }
}

function reducedMotion(matches: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({ matches, media: query, addEventListener: () => undefined, removeEventListener: () => undefined }))
}

function Hero() {
  const list = useRef<HTMLUListElement>(null)
  const playing = useHeroClips(list)
  return (
    <ul ref={list}>
      <li>{playing && <video aria-label="clip" muted />}</li>
    </ul>
  )
}

const clips = (container: HTMLElement) => container.querySelectorAll('video')

beforeEach(() => {
  observed = []
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver)
})
afterEach(() => {
  vi.unstubAllGlobals()
  Reflect.deleteProperty(navigator, 'connection')
})

describe('useHeroClips', () => {
  it('shows posters only until the visitor engages, then plays the clips that are on screen', () => {
    reducedMotion(false)
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue()
    vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined)
    const { container } = render(<Hero />)
    expect(clips(container)).toHaveLength(0)

    act(() => dispatchEvent(new Event('scroll')))
    const [clip] = clips(container)
    if (clip === undefined) throw new Error('no clip after the first scroll')
    expect(play).not.toHaveBeenCalled()
    onScreen(clip)
    expect(play).toHaveBeenCalledOnce()
  })

  it('stays still with reduced motion, however the visitor engages', () => {
    reducedMotion(true)
    const { container } = render(<Hero />)
    act(() => {
      dispatchEvent(new Event('pointerdown'))
      dispatchEvent(new Event('keydown'))
    })
    expect(clips(container)).toHaveLength(0)
  })

  it('stays still when the browser saves data', () => {
    reducedMotion(false)
    Object.defineProperty(navigator, 'connection', { value: { saveData: true }, configurable: true })
    const { container } = render(<Hero />)
    act(() => dispatchEvent(new Event('scroll')))
    expect(clips(container)).toHaveLength(0)
  })
})
