// Renders the app icons from the one SVG logo mark (scripts/logo-mark.ts), rasterised by
// the Chromium this machine already has, so no native image library is needed.
// Run: node_modules/.bin/node scripts/render-icons.ts   (re-runnable; commit the output)
import { writeFile } from 'node:fs/promises'
import { chromium } from '@playwright/test'
import { logoSvg, type MarkShape } from './logo-mark.ts'
import { compressPng } from './png-compress.ts'

type Icon = { file: string; size: number; shape: MarkShape }

const icons: Icon[] = [
  { file: 'public/icons/icon-192.png', size: 192, shape: 'rounded' },
  { file: 'public/icons/icon-512.png', size: 512, shape: 'rounded' },
  { file: 'public/icons/maskable-512.png', size: 512, shape: 'maskable' },
  { file: 'public/icons/apple-touch-icon-180.png', size: 180, shape: 'square' },
]

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
})
try {
  await writeFile('public/favicon.svg', `${logoSvg('rounded')}\n`)
  for (const icon of icons) {
    const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size } })
    const svg = logoSvg(icon.shape).replace('width="512" height="512"', `width="${icon.size}" height="${icon.size}"`)
    await page.setContent(`<body style="margin:0">${svg}</body>`)
    // Transparent outside the tile, so the rounded icon keeps its rounded corners.
    await page.locator('svg').screenshot({ path: icon.file, omitBackground: true })
    await page.close()
    compressPng(icon.file, 'lossless')
    process.stdout.write(`${icon.file}\n`)
  }
} finally {
  await browser.close()
}
