// Builds the PWA for end-to-end tests into its own folder (default .e2e/dist),
// pointed at the e2e Auth Emulator port, so `npm start`'s dist/ is never touched.
import { E2E_DEMO_EMAIL, e2ePorts } from './e2e-env.ts'
import { buildApp } from './run/app-build.ts'
import { ROOT } from './run/app-processes.ts'

const { authPort, distDir } = e2ePorts(process.env, ROOT)
process.exit(buildApp(distDir, { VITE_AUTH_EMULATOR_URL: `http://127.0.0.1:${authPort}`, VITE_DEMO_ACCOUNT_EMAIL: E2E_DEMO_EMAIL }))
