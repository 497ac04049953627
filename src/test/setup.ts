// Vitest setup for component and unit tests (jsdom): a real IndexedDB
// implementation for Dexie, DOM matchers, and a clean DOM after every test.
import 'fake-indexeddb/auto'
import '@testing-library/jest-dom/vitest'
import { cleanup, configure } from '@testing-library/react'
import { afterEach } from 'vitest'

// Screens load parts on demand (dialogs, Dexie): on a machine busy with the other
// suites, the first import of such a part can take longer than the default second.
configure({ asyncUtilTimeout: 3000 })

afterEach(() => cleanup())
