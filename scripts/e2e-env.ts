import { tmpdir } from 'node:os'
import path from 'node:path'

// The ports and build folder shared by scripts/e2e-build.ts, scripts/e2e-server.ts
// and playwright.config.ts, so a build always matches the emulator it talks to.
// Parallel runs choose their own E2E_PORT / E2E_AUTH_PORT / ACTORLY_DIST.

/** The demo account of spec §6 in end-to-end runs (its jobs use the demo calls and faster progress). */
export const E2E_DEMO_EMAIL = 'demo@actorly.test'

export function e2ePorts(env: Record<string, string | undefined>, root: string) {
  const serverPort = Number(env.E2E_PORT ?? 4173)
  return {
    serverPort,
    /** The server's data (SQLite database, media); emptied at every start. Tests may seed fixtures here. */
    dataDir: path.join(tmpdir(), `actorly-e2e-${serverPort}`),
    authPort: Number(env.E2E_AUTH_PORT ?? 9499),
    distDir: path.resolve(root, env.ACTORLY_DIST ?? '.e2e/dist'),
  }
}
