import { Locator, type Name } from './locator.ts'
import type { Json, PageDriver, PageFunction } from './page-driver.ts'

// A phone with one tab on the app's public origin, driven by role and label.

export class Phone {
  readonly driver: PageDriver
  readonly origin: string
  private readonly page: Locator

  constructor(driver: PageDriver, origin: string) {
    this.driver = driver
    this.origin = origin
    this.page = new Locator(driver)
  }

  get engine() {
    return this.driver.engine
  }

  goto(path: string): Promise<void> {
    return this.driver.navigate(new URL(path, this.origin).href)
  }

  reload(): Promise<void> {
    return this.driver.reload()
  }

  /** The address bar's path and query, e.g. `/ugc-actor?step=2`. */
  async path(): Promise<string> {
    const url = new URL(await this.driver.url())
    return `${url.pathname}${url.search}`
  }

  evaluate<A extends Json[]>(fn: PageFunction<A>, ...args: A): Promise<unknown> {
    return this.driver.evaluate(fn, ...args)
  }

  getByRole(role: string, options?: { name?: Name; exact?: boolean; level?: number }): Locator {
    return this.page.getByRole(role, options)
  }

  getByLabel(label: Name, options?: { exact?: boolean }): Locator {
    return this.page.getByLabel(label, options)
  }

  getByText(text: Name, options?: { exact?: boolean }): Locator {
    return this.page.getByText(text, options)
  }

  locator(css: string): Locator {
    return this.page.locator(css)
  }

  /** Waits until the app's service worker controls the page: the shell is precached and every screen opens offline. */
  async waitForServiceWorkerControl(): Promise<void> {
    const controlled = await this.driver.evaluate(async () => {
      await navigator.serviceWorker.ready
      if (navigator.serviceWorker.controller) return true
      return new Promise<boolean>((resolve) => {
        navigator.serviceWorker.addEventListener('controllerchange', () => resolve(true), { once: true })
        setTimeout(() => resolve(navigator.serviceWorker.controller !== null), 15_000)
      })
    })
    if (controlled !== true) throw new Error('the service worker did not take control of the page')
  }
}
