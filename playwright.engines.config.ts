import { defineConfig } from '@playwright/test'
import { serverUnderTest, suite } from './playwright.base.ts'
import { chosenEngines, engineRun } from './scripts/e2e-env.ts'
import type { EngineOptions } from './tests/engines/support/fixtures.ts'

// The cross-engine suite (tests/engines, docs/engine-support.md): the journeys
// written once and run on WebKitGTK (W3C WebDriver) and Firefox ESR (WebDriver
// BiDi), Debian's builds (docs/decisions/0240). Playwright is only the test
// runner here; the browsers are driven by tests/engines/support. Each engine
// has one server with its own Auth Emulator and build (scripts/e2e-server.ts,
// the Chromium suite's), reached through a public origin the tests can close.
// The engines run side by side, each engine's tests one after the other.
const root = import.meta.dirname
const engines = chosenEngines(process.env)

export default defineConfig<EngineOptions>(
  suite<EngineOptions>({
    testDir: './tests/engines',
    testMatch: '**/*.spec.ts',
    fullyParallel: false,
    workers: engines.length,
    // WebKitGTK's web process was seen to crash once under CI's load ("session deleted because of page
    // crash"); in CI a test gets one more try on a fresh browser, and is reported as flaky if it passes then.
    retries: process.env.CI ? 1 : 0,
    timeout: 120_000,
    expect: { timeout: 15_000 },
    outputDir: '.e2e/engines-results',
    projects: engines.map((engine) => ({ name: engine, workers: 1, use: { engine } })),
    webServer: engines.map((engine) => {
      const run = engineRun(engine, process.env, root)
      return serverUnderTest({
        command: 'node scripts/e2e-server.ts',
        url: `${run.serverURL}/api/health`,
        env: run.env,
        timeout: 180_000,
        stopWithinMs: 15_000,
        name: engine,
      })
    }),
  }),
)
