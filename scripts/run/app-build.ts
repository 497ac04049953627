import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { ROOT } from './app-processes.ts'

// Builds of the app for a local stack. The app learns the Auth Emulator's URL
// and the demo account's address when it is built (decision 0101), so each
// stack builds into its own folder for its own emulator: `npm start` into
// dist/, the e2e runs into .e2e/, `npm run start:cluster` into .cluster/.

/** Runs `vite build` into `distDir` with build-time settings on top of ours; answers vite's exit status. */
export function buildApp(distDir: string, settings: Record<string, string>): number {
  const vite = path.join(path.dirname(createRequire(import.meta.url).resolve('vite/package.json')), 'bin', 'vite.js')
  const build = spawnSync(process.execPath, [vite, 'build'], { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...settings, ACTORLY_DIST: distDir } })
  return build.status ?? 1
}

export function isBuilt(distDir: string): boolean {
  return existsSync(path.join(distDir, 'index.html'))
}

/** Whether the built app's code holds `value` as a string literal (Vite writes VITE_* settings into it). */
export function builtWith(distDir: string, value: string): boolean {
  const assets = path.join(distDir, 'assets')
  if (!existsSync(assets)) return false
  const quoted = ['"', "'", '`'].map((quote) => `${quote}${value}${quote}`)
  return readdirSync(assets).some((file) => {
    if (!file.endsWith('.js')) return false
    const code = readFileSync(path.join(assets, file), 'utf8')
    return quoted.some((literal) => code.includes(literal))
  })
}
