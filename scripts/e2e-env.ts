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

/** The browser engines the cross-engine suite drives besides Chromium (tests/engines). */
export const ENGINES = ['webkit', 'firefox'] as const
export type Engine = (typeof ENGINES)[number]

const ENGINE_DEFAULTS: Record<Engine, { serverPort: number; authPort: number }> = {
  webkit: { serverPort: 4345, authPort: 9645 },
  firefox: { serverPort: 4347, authPort: 9647 },
}

/**
 * One engine's run of the cross-engine suite: its own server, Auth Emulator and
 * build, and the public origin the browser uses (a pass-through proxy the tests
 * close to go offline; the server's PUBLIC_ORIGIN). E2E_WEBKIT_PORT,
 * E2E_WEBKIT_AUTH_PORT, E2E_WEBKIT_PUBLIC_PORT (and the same for FIREFOX) choose
 * other ports; the public port defaults to the server's plus one.
 */
export function engineRun(engine: Engine, env: Record<string, string | undefined>, root: string) {
  const prefix = `E2E_${engine.toUpperCase()}`
  const serverPort = Number(env[`${prefix}_PORT`] ?? ENGINE_DEFAULTS[engine].serverPort)
  const authPort = Number(env[`${prefix}_AUTH_PORT`] ?? ENGINE_DEFAULTS[engine].authPort)
  const publicPort = Number(env[`${prefix}_PUBLIC_PORT`] ?? serverPort + 1)
  const distDir = path.resolve(root, `.e2e/dist-${engine}`)
  return {
    engine,
    serverPort,
    authPort,
    publicPort,
    distDir,
    serverURL: `http://127.0.0.1:${serverPort}`,
    publicOrigin: `http://127.0.0.1:${publicPort}`,
    authEmulatorURL: `http://127.0.0.1:${authPort}`,
    /** What scripts/e2e-build.ts and scripts/e2e-server.ts read for this run. */
    env: { E2E_PORT: String(serverPort), E2E_AUTH_PORT: String(authPort), ACTORLY_DIST: distDir, PUBLIC_ORIGIN: `http://127.0.0.1:${publicPort}` },
  }
}

export type EngineRun = ReturnType<typeof engineRun>

/** The engines chosen by ENGINES (comma-separated, e.g. ENGINES=webkit); all of them by default. */
export function chosenEngines(env: Record<string, string | undefined>): Engine[] {
  const asked = env.ENGINES?.split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '')
  if (asked === undefined || asked.length === 0) return [...ENGINES]
  const unknown = asked.filter((name) => !ENGINES.some((engine) => engine === name))
  if (unknown.length > 0) throw new Error(`ENGINES: unknown engine ${unknown.join(', ')} (known: ${ENGINES.join(', ')})`)
  return ENGINES.filter((engine) => asked.includes(engine))
}
