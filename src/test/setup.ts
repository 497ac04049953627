// Vitest setup for component and unit tests (jsdom): a real IndexedDB
// implementation for Dexie, DOM matchers, and a clean DOM after every test.
// A test that makes React or the app log an error fails: React's warnings
// (keys, act(), invalid props, hooks) all arrive through console.error, and a
// passing test that logs one hides a real fault. A test that expects an error
// silences it with its own `vi.spyOn(console, 'error')`.
import 'fake-indexeddb/auto'
import '@testing-library/jest-dom/vitest'
import { cleanup, configure } from '@testing-library/react'
import { afterEach, beforeEach } from 'vitest'

// Screens load parts on demand (dialogs, Dexie): on a machine busy with the other
// suites, the first import of such a part can take longer than the default second.
configure({ asyncUtilTimeout: 3000 })

// jsdom lays nothing out, so nothing ever resizes; Radix's Switch and Tooltip
// measure themselves with a ResizeObserver, which jsdom lacks.
class NothingResizes implements ResizeObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
globalThis.ResizeObserver ??= NothingResizes

/** A console line as printed: React passes a format string with %s placeholders. */
function format(first: unknown, ...rest: unknown[]): string {
  const values = [...rest]
  const text = typeof first === 'string' ? first.replace(/%[sdifoOc]/g, () => String(values.shift())) : String(first)
  return [text, ...values.map(String)].join(' ')
}

const logged: string[] = []
const consoleError = console.error.bind(console)

beforeEach(() => {
  logged.length = 0
  console.error = (first?: unknown, ...rest: unknown[]) => {
    logged.push(format(first, ...rest))
    consoleError(first, ...rest)
  }
})

afterEach(() => {
  cleanup()
  console.error = consoleError
  if (logged.length > 0) {
    const errors = logged.splice(0).map((line) => `  ${line.split('\n').slice(0, 3).join('\n  ')}`)
    throw new Error(`The test logged ${errors.length} console.error call(s); fix the cause or expect it with vi.spyOn(console, 'error'):\n${errors.join('\n')}`)
  }
})
