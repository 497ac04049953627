import { type ChildProcess, spawn } from 'node:child_process'
import { createServer } from 'node:net'
import { Builder, By, WebElement, type WebDriver } from 'selenium-webdriver'
import { queryInPage, type Step } from './in-page-query.ts'
import { type ElementRef, type Json, type PageDriver, type PageFunction, pageCall } from './page-driver.ts'

// WebKitGTK (Debian's webkit2gtk-driver), driven over W3C WebDriver by
// selenium-webdriver through WebKitWebDriver, which starts the MiniBrowser in
// automation mode on an X display (Xvfb, tests/engines/support/display.ts).
// Automation sessions are ephemeral, like Safari's Private Browsing. One
// WebKitWebDriver per phone: it holds one session at a time.

const WEBKIT_DRIVER = process.env.WEBKIT_DRIVER_PATH ?? '/usr/bin/WebKitWebDriver'
const MINIBROWSER = process.env.WEBKIT_MINIBROWSER_PATH ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser'
/** The MiniBrowser's window is at least 447 px wide; a phone's height. */
export const WEBKIT_WINDOW = { width: 447, height: 915 }
/** Safari on an iPhone: the engine is the same, and the app's iOS paths (the add-to-home-screen hint) should run. */
export const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1'

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      const port = typeof address === 'object' && address !== null ? address.port : 0
      probe.close(() => resolve(port))
    })
  })
}

async function waitUntilReady(url: string, driver: ChildProcess): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    if (driver.exitCode !== null) throw new Error(`WebKitWebDriver exited with ${driver.exitCode}`)
    if (
      await fetch(`${url}/status`).then(
        (answer) => answer.ok,
        () => false,
      )
    )
      return
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error('WebKitWebDriver did not start')
}

function webkitElement(driver: WebDriver, element: WebElement): ElementRef {
  return {
    click: () => element.click(),
    async type(text) {
      await driver.executeScript('const element = arguments[0]; element.focus(); if (typeof element.select === "function") element.select()', element)
      await element.sendKeys(text)
    },
    async selectOption(value) {
      // Typing an option's words into a focused <select> picks it, as on a keyboard.
      const label = await element.findElement(By.css(`option[value="${value}"]`)).getText()
      await element.sendKeys(label)
    },
    setFiles: (paths) => element.sendKeys(paths.join('\n')),
    evaluate: (fn, arg) => driver.executeScript(`return (${fn.toString()})(arguments[0], arguments[1])`, element, arg),
  }
}

export async function launchWebKit(display: string): Promise<PageDriver> {
  const port = await freePort()
  const server = `http://127.0.0.1:${port}`
  const process_ = spawn(WEBKIT_DRIVER, [`--port=${port}`, '--host=127.0.0.1'], { env: { ...process.env, DISPLAY: display }, stdio: 'ignore' })
  const stopDriver = () => {
    if (process_.exitCode === null) process_.kill('SIGTERM')
  }
  // Nothing outlives the test worker, even one that ends before its phones are closed.
  process.once('exit', stopDriver)
  let driver: WebDriver
  try {
    await waitUntilReady(server, process_)
    driver = await new Builder()
      .usingServer(server)
      .withCapabilities({
        browserName: 'MiniBrowser',
        'webkitgtk:browserOptions': {
          binary: MINIBROWSER,
          args: ['--automation', '--enable-mock-capture-devices=true', '--enable-media-stream=true', `--user-agent=${IPHONE_SAFARI}`],
        },
      })
      .build()
    await driver.manage().window().setRect(WEBKIT_WINDOW)
  } catch (error) {
    stopDriver()
    throw error
  }
  return {
    engine: 'webkit',
    navigate: (url) => driver.get(url),
    reload: () => driver.navigate().refresh(),
    url: () => driver.getCurrentUrl(),
    evaluate: <A extends Json[]>(fn: PageFunction<A>, ...args: A) => driver.executeScript(`return ${pageCall(fn, args)}`),
    async query(steps: Step[]) {
      const found: unknown = await driver.executeScript(`return (${queryInPage.toString()})(arguments[0], 'first')`, steps)
      return found instanceof WebElement ? webkitElement(driver, found) : null
    },
    count: async (steps) => Number(await driver.executeScript(`return (${queryInPage.toString()})(arguments[0], 'count')`, steps)),
    screenshot: async () => Buffer.from(await driver.takeScreenshot(), 'base64'),
    async close() {
      await driver.quit().catch(() => undefined)
      stopDriver()
      process.off('exit', stopDriver)
    },
  }
}
