import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import { test as base } from '@playwright/test'
import { type Engine, engineRun, type EngineRun } from '../../../scripts/e2e-env.ts'
import { type Display, startDisplay } from './display.ts'
import { launchFirefox } from './firefox-driver.ts'
import { Phone } from './phone.ts'
import { openPublicOrigin, type PublicOrigin } from './public-origin.ts'
import { launchWebKit } from './webkit-driver.ts'

// The cross-engine suite's fixtures (playwright.engines.config.ts): per worker,
// the engine's run (its server's ports) and, for WebKitGTK, an X display; per
// test, the public origin (open, closable) and a fresh phone on it: a new
// browser with an empty profile, so no test sees another's device data.

export interface EngineOptions {
  engine: Engine
}

interface WorkerFixtures extends EngineOptions {
  run: EngineRun
  display: Display | null
}

interface TestFixtures {
  site: PublicOrigin
  phone: Phone
  /** Another phone (a second browser) on the same origin, closed with the test. */
  openPhone: () => Promise<Phone>
}

const root = path.resolve(import.meta.dirname, '../../..')

export const test = base.extend<TestFixtures, WorkerFixtures>({
  engine: ['webkit', { option: true, scope: 'worker' }],
  run: [async ({ engine }, provide) => provide(engineRun(engine, process.env, root)), { scope: 'worker' }],
  display: [
    async ({ engine }, provide) => {
      if (engine !== 'webkit') return provide(null)
      const display = await startDisplay()
      await provide(display)
      display.stop()
    },
    { scope: 'worker' },
  ],
  site: async ({ run }, provide) => {
    const site = await openPublicOrigin({ port: run.publicPort, serverPort: run.serverPort })
    await provide(site)
    await site.close()
  },
  openPhone: async ({ engine, display, site }, provide, testInfo) => {
    const phones: Phone[] = []
    await provide(async () => {
      const driver = engine === 'webkit' ? await launchWebKit(display?.name ?? ':0') : await launchFirefox()
      const phone = new Phone(driver, site.origin)
      phones.push(phone)
      return phone
    })
    for (const [index, phone] of phones.entries()) {
      if (testInfo.status !== testInfo.expectedStatus) {
        const shot = await phone.driver.screenshot().catch(() => null)
        const file = testInfo.outputPath(`screen-${index + 1}.png`)
        if (shot !== null) {
          await writeFile(file, shot)
          await testInfo.attach(`screen-${index + 1}`, { path: file, contentType: 'image/png' })
        }
      }
      await phone.driver.close()
    }
  },
  phone: async ({ openPhone }, provide) => provide(await openPhone()),
})

export { expect } from '@playwright/test'
