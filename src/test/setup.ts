// Vitest setup for component and unit tests (jsdom): a real IndexedDB
// implementation for Dexie, and a clean DOM after every test.
import 'fake-indexeddb/auto'
import { cleanup } from '@testing-library/react'
import { afterEach } from 'vitest'

afterEach(() => cleanup())
