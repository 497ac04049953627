// Vitest setup for component and unit tests (jsdom): a real IndexedDB
// implementation for Dexie, DOM matchers, and a clean DOM after every test.
import 'fake-indexeddb/auto'
import '@testing-library/jest-dom/vitest'
import { cleanup } from '@testing-library/react'
import { afterEach } from 'vitest'

afterEach(() => cleanup())
