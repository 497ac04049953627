// Builds the PWA for end-to-end tests into its own folder (default .e2e/dist),
// pointed at the e2e Auth Emulator port, so `npm start`'s dist/ is never touched.
import { spawnSync } from 'node:child_process'
import { createRequire } from 'node:module'
import path from 'node:path'
import { E2E_DEMO_EMAIL, e2ePorts } from './e2e-env.ts'

const root = path.resolve(import.meta.dirname, '..')
const { authPort, distDir } = e2ePorts(process.env, root)
const vite = path.join(path.dirname(createRequire(import.meta.url).resolve('vite/package.json')), 'bin', 'vite.js')
const build = spawnSync(process.execPath, [vite, 'build'], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    ACTORLY_DIST: distDir,
    VITE_AUTH_EMULATOR_URL: `http://127.0.0.1:${authPort}`,
    VITE_DEMO_ACCOUNT_EMAIL: E2E_DEMO_EMAIL,
  },
})
process.exit(build.status ?? 1)
