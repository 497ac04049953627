// Builds the PWA once per engine of the cross-engine suite (tests/engines), each
// into .e2e/dist-<engine> for that run's Auth Emulator port, with the same
// build script the Chromium suite uses (scripts/e2e-build.ts). The builds run
// one after the other: each is short and already uses both cores.
import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { chosenEngines, engineRun } from './e2e-env.ts'

const root = path.resolve(import.meta.dirname, '..')
for (const engine of chosenEngines(process.env)) {
  const run = engineRun(engine, process.env, root)
  const build = spawnSync(process.execPath, [path.join(root, 'scripts', 'e2e-build.ts')], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, ...run.env },
  })
  if (build.status !== 0) process.exit(build.status ?? 1)
  process.stdout.write(`engines: built ${path.relative(root, run.distDir)} for ${engine}\n`)
}
