// Builds the app into a fresh temporary folder (ACTORLY_DIST), so the bench never
// touches dist/ or another engineer's build.
import { spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** env: build-time settings on top of the caller's, e.g. VITE_AUTH_EMULATOR_URL for a signed-in measure. */
export async function buildApp(env: Record<string, string> = {}): Promise<{ distDir: string; remove: () => Promise<void> }> {
  const distDir = await mkdtemp(join(tmpdir(), 'actorly-bench-'))
  const remove = () => rm(distDir, { recursive: true, force: true })
  try {
    await run(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], {
      ...process.env,
      ...env,
      ACTORLY_DIST: distDir,
    })
  } catch (error) {
    await remove()
    throw error
  }
  return { distDir, remove }
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'ignore', 'inherit'] })
    child.on('error', reject)
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`vite build exited with ${code}`))))
  })
}
