// Vitest setup for component and unit tests (jsdom): a real IndexedDB
// implementation for Dexie, DOM matchers, and a clean DOM after every test.
import 'fake-indexeddb/auto'
import '@testing-library/jest-dom/vitest'
import { cleanup } from '@testing-library/react'
import { afterEach } from 'vitest'

// jsdom lays nothing out, so nothing ever resizes; Radix's Switch and Tooltip
// measure themselves with a ResizeObserver, which jsdom lacks.
class NothingResizes implements ResizeObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
globalThis.ResizeObserver ??= NothingResizes

afterEach(() => cleanup())
