import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { type ElementHandle, launch, type Page } from 'puppeteer-core'
import { type QueryMode, queryInPage, type Step } from './in-page-query.ts'
import { type ElementRef, type Json, type PageDriver, type PageFunction, pageCall } from './page-driver.ts'

// Firefox ESR (Debian's), driven over WebDriver BiDi by puppeteer-core: Firefox
// speaks BiDi itself, so no geckodriver is needed (docs/decisions/0240). A fresh
// profile per phone; the fake microphone is Firefox's own fake media stream.

const FIREFOX = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr'
/** A phone's viewport (Pixel 7, as the Chromium suite). */
export const PHONE_VIEWPORT = { width: 412, height: 915 }

const FIRST: QueryMode = 'first'
const COUNT: QueryMode = 'count'

function firefoxElement(page: Page, handle: ElementHandle<Element>): ElementRef {
  return {
    click: () => handle.click(),
    async type(text) {
      await handle.evaluate((element) => {
        if (element instanceof HTMLElement) element.focus()
        if (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement) element.select()
      })
      await page.keyboard.type(text)
    },
    selectOption: async (value) => void (await handle.select(value)),
    async setFiles(paths) {
      const input = await handle.evaluateHandle((element) => {
        if (!(element instanceof HTMLInputElement) || element.type !== 'file') throw new Error('not a file input')
        return element
      })
      await input.uploadFile(...paths)
    },
    evaluate: (fn, arg) => handle.evaluate(fn, arg),
  }
}

/**
 * Runs a navigation. When the page starts another one meanwhile (the app
 * redirecting, a sign-in finishing), Firefox reports the first as aborted
 * (NS_BINDING_ABORTED): that is not a failure, so wait for the page it led to.
 */
async function settled(page: Page, navigation: () => Promise<unknown>): Promise<void> {
  try {
    await navigation()
  } catch (error) {
    if (!(error instanceof Error) || !error.message.includes('NS_BINDING_ABORTED')) throw error
    await page.waitForFunction(() => document.readyState === 'complete', { timeout: 30_000 })
  }
}

export async function launchFirefox(): Promise<PageDriver> {
  const downloads = mkdtempSync(path.join(tmpdir(), 'actorly-firefox-downloads-'))
  const browser = await launch({
    browser: 'firefox',
    executablePath: FIREFOX,
    headless: true,
    defaultViewport: PHONE_VIEWPORT,
    protocolTimeout: 60_000,
    extraPrefsFirefox: {
      // A fake microphone that needs no permission prompt (Firefox's own test stream).
      'media.navigator.streams.fake': true,
      'media.navigator.permission.disabled': true,
      // Downloads are saved without asking, to a folder removed with the phone.
      'browser.download.folderList': 2,
      'browser.download.dir': downloads,
      'browser.download.useDownloadDir': true,
      'browser.download.always_ask_before_handling_new_types': false,
    },
  })
  const page = (await browser.pages())[0] ?? (await browser.newPage())
  // The first tab does not take the default viewport: size it as a phone.
  await page.setViewport(PHONE_VIEWPORT)
  return {
    engine: 'firefox',
    navigate: (url) => settled(page, () => page.goto(url, { waitUntil: 'load' })),
    reload: () => settled(page, () => page.reload({ waitUntil: 'load' })),
    url: async () => page.url(),
    evaluate: <A extends Json[]>(fn: PageFunction<A>, ...args: A) => page.evaluate(pageCall(fn, args)),
    async query(steps: Step[]) {
      const found = await page.evaluateHandle(queryInPage, steps, FIRST)
      if (!(await page.evaluate((value) => value instanceof Element, found))) return null
      const element = await page.evaluateHandle((value) => {
        if (!(value instanceof Element)) throw new Error('no element')
        return value
      }, found)
      return firefoxElement(page, element)
    },
    count: async (steps) => Number(await page.evaluate(queryInPage, steps, COUNT)),
    screenshot: async () => Buffer.from(await page.screenshot()),
    async close() {
      await browser.close().catch(() => undefined)
      rmSync(downloads, { recursive: true, force: true })
    },
  }
}
