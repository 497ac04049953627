import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { TestProject } from 'vitest/node'
import { startAuthEmulator } from '../emulators/emulator-process.ts'
import { TEST_PROJECT_ID } from './emulator-accounts.ts'

// One Firebase Auth Emulator for the whole server test run, on a free port,
// with its firebase.json in a temp folder; stopped at teardown. Workers find it
// through inject('authEmulatorHost') (server/testing/harness.ts does that).

declare module 'vitest' {
  export interface ProvidedContext {
    authEmulatorHost: string
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const workDir = mkdtempSync(path.join(tmpdir(), 'actorly-auth-emulator-'))
  // Generous: on a loaded 2-core machine the CLI alone can take a minute to boot.
  const emulator = await startAuthEmulator({ projectId: TEST_PROJECT_ID, workDir, readyTimeoutMs: 240_000 })
  project.provide('authEmulatorHost', emulator.host)
  process.env.FIREBASE_AUTH_EMULATOR_HOST = emulator.host
  return async () => {
    await emulator.stop()
    rmSync(workDir, { recursive: true, force: true })
  }
}
