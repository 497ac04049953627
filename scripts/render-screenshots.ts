// Takes the web app manifest's screenshots (src/app/manifest.ts) of the built landing
// page: narrow 540x960 and wide 1280x720, palette-compressed to stay under 200 kB.
// Run: node_modules/.bin/node scripts/render-screenshots.ts   (re-runnable; commit the output)
import { stat } from 'node:fs/promises'
import { chromium } from '@playwright/test'
import { buildApp } from './bench/build.ts'
import { chromiumFlags, chromiumPath } from './bench/chromium.ts'
import { startPreview } from './bench/preview-server.ts'
import { compressPng } from './png-compress.ts'

const shots = [
  { file: 'public/screenshots/narrow.png', width: 540, height: 960, isMobile: true },
  { file: 'public/screenshots/wide.png', width: 1280, height: 720, isMobile: false },
]
const maxBytes = 200_000
const port = Number(process.env.SCREENSHOT_PORT ?? 4205)

const build = await buildApp()
try {
  const server = await startPreview(build.distDir, port)
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags })
  try {
    for (const shot of shots) {
      // Reduced motion stops the carousel, so every run takes the same picture.
      const context = await browser.newContext({
        viewport: { width: shot.width, height: shot.height },
        isMobile: shot.isMobile,
        hasTouch: shot.isMobile,
        reducedMotion: 'reduce',
        serviceWorkers: 'block',
        locale: 'en-US',
      })
      const page = await context.newPage()
      await page.goto(server.baseURL, { waitUntil: 'load' })
      await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => {})
      await page.evaluate(() => document.fonts.ready)
      await page.screenshot({ path: shot.file })
      await context.close()
      compressPng(shot.file, 'palette')
      const { size } = await stat(shot.file)
      if (size > maxBytes) throw new Error(`${shot.file} is ${size} bytes, over ${maxBytes}`)
      process.stdout.write(`${shot.file} ${(size / 1000).toFixed(0)} kB\n`)
    }
  } finally {
    await browser.close()
    await server.stop()
  }
} finally {
  await build.remove()
}
