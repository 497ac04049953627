import { devices, type PlaywrightTestConfig } from '@playwright/test'

// What the three Playwright suites share (playwright.config.ts: Chromium
// against one server; playwright.cluster.config.ts: Chromium through the
// cluster; playwright.engines.config.ts: WebKitGTK and Firefox ESR): the
// runner's habits, Debian's Chromium on a phone, and how a server under test
// is started and stopped. Each suite's file says only what is its own.

/** Debian's Chromium as every suite runs it (README "Tests"); a spec may add flags of its own. */
export const chromiumLaunch = {
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
}

/** No retries unless the suite says so, no forgotten test.only in CI, one line per test. */
export function suite<Options>(config: PlaywrightTestConfig<Options>): PlaywrightTestConfig<Options> {
  return { retries: 0, forbidOnly: !!process.env.CI, reporter: [['list']], ...config }
}

/** A phone (Pixel 7) in Debian's Chromium at `baseURL`, a trace kept when a test fails. */
export function chromiumPhone(baseURL: string, project: string): Pick<PlaywrightTestConfig, 'use' | 'projects'> {
  return {
    use: { baseURL, trace: 'retain-on-failure', launchOptions: chromiumLaunch },
    projects: [{ name: project, use: { ...devices['Pixel 7'], browserName: 'chromium' } }],
  }
}

type WebServer = Exclude<NonNullable<PlaywrightTestConfig['webServer']>, readonly unknown[]>

/** A server Playwright starts for the suite (healthy when `url` answers) and stops with SIGTERM, waiting `stopWithinMs`. */
export function serverUnderTest(server: Omit<WebServer, 'reuseExistingServer' | 'gracefulShutdown'> & { stopWithinMs: number }): WebServer {
  const { stopWithinMs, ...rest } = server
  return { ...rest, reuseExistingServer: false, gracefulShutdown: { signal: 'SIGTERM', timeout: stopWithinMs } }
}
