import { defineConfig } from '@playwright/test'
import { chromiumPhone, serverUnderTest, suite } from './playwright.base.ts'
import { e2ePorts } from './scripts/e2e-env.ts'

// End-to-end tests run on Debian's Chromium against the production build served
// by the real API server with a fresh Auth Emulator (scripts/e2e-server.ts;
// README "Tests"). Every server listens on 127.0.0.1 and is stopped by Playwright.
const { serverPort: port, authPort } = e2ePorts(process.env, import.meta.dirname)
export const baseURL = `http://127.0.0.1:${port}`
/** The Auth Emulator the e2e build talks to (tests read verification codes from it). */
export const authEmulatorURL = `http://127.0.0.1:${authPort}`

export default defineConfig(
  suite({
    testDir: './tests/e2e',
    fullyParallel: true,
    workers: process.env.CI ? 2 : undefined,
    timeout: 30_000,
    expect: { timeout: 7_000 },
    ...chromiumPhone(baseURL, 'mobile'),
    webServer: serverUnderTest({ command: 'node scripts/e2e-server.ts', url: `${baseURL}/api/health`, timeout: 180_000, stopWithinMs: 15_000 }),
  }),
)
