import { defineConfig, devices } from '@playwright/test'
import { CLUSTER_E2E_DEFAULTS, clusterPorts } from './scripts/run/cluster-ports.ts'

// The main journey through `npm run start:cluster` (tests/cluster,
// docs/decisions/0215): the real command, with its throwaway PostgreSQL, the
// Auth and Storage emulators, two API instances, a worker and the balancer,
// on ports of its own (CLUSTER_PORT and friends move them), with a fresh build
// for its Auth Emulator. Debian's Chromium on a phone, like tests/e2e.
const ports = clusterPorts(process.env, 2, CLUSTER_E2E_DEFAULTS)
export const clusterURL = `http://127.0.0.1:${ports.balancer}`
export const clusterAuthEmulatorHost = `127.0.0.1:${ports.auth}`

export default defineConfig({
  testDir: './tests/cluster',
  workers: 1,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: [['list']],
  timeout: 240_000,
  expect: { timeout: 10_000 },
  outputDir: '.e2e/cluster-results',
  use: {
    baseURL: clusterURL,
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
  projects: [{ name: 'cluster', use: { ...devices['Pixel 7'], browserName: 'chromium' } }],
  webServer: {
    command: 'node scripts/start-cluster.ts --build',
    url: `${clusterURL}/api/health`,
    env: {
      CLUSTER_PORT: String(ports.balancer),
      CLUSTER_PG_PORT: String(ports.postgres),
      CLUSTER_AUTH_PORT: String(ports.auth),
      CLUSTER_STORAGE_PORT: String(ports.storage),
      ACTORLY_DIST: '.e2e/dist-cluster',
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    },
    reuseExistingServer: false,
    timeout: 300_000,
    gracefulShutdown: { signal: 'SIGTERM', timeout: 30_000 },
  },
})
