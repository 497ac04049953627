import { defineConfig, devices } from '@playwright/test'
import { e2ePorts } from './scripts/e2e-env.ts'

// End-to-end tests run on Debian's Chromium against the production build served
// by the real API server with a fresh Auth Emulator (scripts/e2e-server.ts;
// README "Tests"). Every server listens on 127.0.0.1 and is stopped by Playwright.
const { serverPort: port, authPort } = e2ePorts(process.env, import.meta.dirname)
export const baseURL = `http://127.0.0.1:${port}`
/** The Auth Emulator the e2e build talks to (tests read verification codes from it). */
export const authEmulatorURL = `http://127.0.0.1:${authPort}`

export default defineConfig({
  testDir: './tests/e2e',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: [['list']],
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'mobile', use: { ...devices['Pixel 7'], browserName: 'chromium' } }],
  webServer: {
    command: 'node scripts/e2e-server.ts',
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
  },
})
