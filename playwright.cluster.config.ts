import { defineConfig } from '@playwright/test'
import { chromiumPhone, serverUnderTest, suite } from './playwright.base.ts'
import { CLUSTER_E2E_DEFAULTS, clusterPorts } from './scripts/run/cluster-ports.ts'

// The main journey through `npm run start:cluster` (tests/cluster,
// docs/decisions/0215): the real command, with its throwaway PostgreSQL, the
// Auth and Storage emulators, two API instances, a worker and the balancer,
// on ports of its own (CLUSTER_PORT and friends move them), with a fresh build
// for its Auth Emulator. Debian's Chromium on a phone, like tests/e2e.
const ports = clusterPorts(process.env, 2, CLUSTER_E2E_DEFAULTS)
export const clusterURL = `http://127.0.0.1:${ports.balancer}`
export const clusterAuthEmulatorHost = `127.0.0.1:${ports.auth}`

export default defineConfig(
  suite({
    testDir: './tests/cluster',
    workers: 1,
    timeout: 240_000,
    expect: { timeout: 10_000 },
    outputDir: '.e2e/cluster-results',
    ...chromiumPhone(clusterURL, 'cluster'),
    webServer: serverUnderTest({
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
      timeout: 300_000,
      stopWithinMs: 30_000,
    }),
  }),
)
