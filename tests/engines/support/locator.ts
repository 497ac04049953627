import { expect } from '@playwright/test'
import { z } from 'zod'
import { describeInPage, type ElementFacts, type Step, type TextMatch } from './in-page-query.ts'
import type { ElementRef, Json, PageDriver } from './page-driver.ts'

// Playwright-like locators over any PageDriver: found by role and name, label
// or text (tests/engines/support/in-page-query.ts), looked up again at every
// use and waited for, so the journeys read like the Chromium suite's and do not
// depend on layout or markup.

export type Name = string | RegExp

/** How long an action waits for its element to be there, visible and enabled. */
const ACTION_TIMEOUT = 20_000

export function textMatch(value: Name, exact = false): TextMatch {
  return typeof value === 'string' ? { text: value, exact } : { source: value.source, flags: value.flags }
}

const factsSchema = z.object({ visible: z.boolean(), disabled: z.boolean(), checked: z.boolean(), text: z.string(), value: z.string().nullable() })

const describeMatch = (value: TextMatch | undefined) => (value === undefined ? '' : 'source' in value ? ` /${value.source}/` : ` "${value.text}"`)

function describeStep(step: Step): string {
  switch (step.by) {
    case 'role':
      return `role ${step.role}${describeMatch(step.name)}`
    case 'label':
      return `label${describeMatch(step.label)}`
    case 'text':
      return `text${describeMatch(step.text)}`
    case 'css':
      return `css ${step.css}`
  }
}

export class Locator {
  readonly driver: PageDriver
  readonly steps: Step[]

  constructor(driver: PageDriver, steps: Step[] = []) {
    this.driver = driver
    this.steps = steps
  }

  toString(): string {
    return this.steps.map(describeStep).join(' › ') || 'the page'
  }

  private inside(step: Step): Locator {
    return new Locator(this.driver, [...this.steps, step])
  }

  getByRole(role: string, options: { name?: Name; exact?: boolean; level?: number } = {}): Locator {
    return this.inside({ by: 'role', role, name: options.name === undefined ? undefined : textMatch(options.name, options.exact), level: options.level })
  }

  getByLabel(label: Name, options: { exact?: boolean } = {}): Locator {
    return this.inside({ by: 'label', label: textMatch(label, options.exact) })
  }

  getByText(text: Name, options: { exact?: boolean } = {}): Locator {
    return this.inside({ by: 'text', text: textMatch(text, options.exact) })
  }

  locator(css: string): Locator {
    return this.inside({ by: 'css', css })
  }

  /** Only the matches whose text contains `hasText`. */
  filter({ hasText }: { hasText: Name }): Locator {
    const last = this.steps.at(-1)
    if (last === undefined) throw new Error('filter() needs a locator to filter')
    return new Locator(this.driver, [...this.steps.slice(0, -1), { ...last, hasText: textMatch(hasText) }])
  }

  count(): Promise<number> {
    return this.driver.count(this.steps)
  }

  /** What the first match shows now, or null when there is none. */
  async facts(): Promise<ElementFacts | null> {
    const element = await this.driver.query(this.steps)
    return element === null ? null : factsSchema.parse(await element.evaluate(describeInPage, null))
  }

  async isVisible(): Promise<boolean> {
    return (await this.facts().catch(() => null))?.visible ?? false
  }

  /** Retries `action` on the first visible, enabled match until it succeeds or the time is up. */
  private async act<T>(what: string, action: (element: ElementRef) => Promise<T>, timeout = ACTION_TIMEOUT): Promise<T> {
    const deadline = Date.now() + timeout
    let lastProblem = 'not found'
    for (;;) {
      try {
        const element = await this.driver.query(this.steps)
        if (element !== null) {
          const facts = factsSchema.parse(await element.evaluate(describeInPage, null))
          if (!facts.visible) lastProblem = 'not visible'
          else if (facts.disabled) lastProblem = 'disabled'
          else return await action(element)
        }
      } catch (error) {
        lastProblem = error instanceof Error ? error.message : String(error)
      }
      if (Date.now() > deadline) throw new Error(`${what} ${this}: ${lastProblem} after ${timeout} ms`)
      await new Promise((resolve) => setTimeout(resolve, 200))
    }
  }

  click(): Promise<void> {
    return this.act('click', async (element) => {
      // As a person scrolls what they want to press to the middle of the screen, clear of bars at the edges.
      await element.evaluate((target) => target.scrollIntoView({ block: 'center', inline: 'center' }), null)
      await element.click()
    })
  }

  /** Replaces what the field holds with `text`, typed. */
  fill(text: string): Promise<void> {
    return this.act('fill', (element) => element.type(text))
  }

  /** Chooses files in a file input (it may be visually hidden behind its label). */
  async setInputFiles(...paths: string[]): Promise<void> {
    const deadline = Date.now() + ACTION_TIMEOUT
    for (;;) {
      const element = await this.driver.query(this.steps)
      const enabled = element !== null && !factsSchema.parse(await element.evaluate(describeInPage, null)).disabled
      if (element !== null && enabled) return element.setFiles(paths)
      if (Date.now() > deadline) throw new Error(`setInputFiles ${this}: ${element === null ? 'not found' : 'disabled'}`)
      await new Promise((resolve) => setTimeout(resolve, 200))
    }
  }

  /** Picks an option of a `<select>` by its value. */
  async selectOption(value: string): Promise<void> {
    await this.act('selectOption', (element) => element.selectOption(value))
  }

  async hasValue(value: Name, timeout?: number): Promise<void> {
    const read = async () => (await this.facts())?.value ?? null
    if (typeof value === 'string') await expect.poll(read, { message: `${this} value`, timeout }).toBe(value)
    else await expect.poll(read, { message: `${this} value`, timeout }).toMatch(value)
  }

  async check(): Promise<void> {
    if ((await this.facts())?.checked !== true) await this.click()
    await this.checked()
  }

  /** Runs `fn` on the first match (waiting for one) in the page. */
  async evaluate(fn: (element: Element, arg: Json) => unknown, arg: Json = null): Promise<unknown> {
    const deadline = Date.now() + ACTION_TIMEOUT
    for (;;) {
      const element = await this.driver.query(this.steps)
      if (element !== null) return element.evaluate(fn, arg)
      if (Date.now() > deadline) throw new Error(`evaluate ${this}: not found`)
      await new Promise((resolve) => setTimeout(resolve, 200))
    }
  }

  // Expectations, polled like Playwright's web-first assertions.

  async shown(timeout?: number): Promise<void> {
    await expect.poll(() => this.isVisible(), { message: `${this} is visible`, timeout }).toBe(true)
  }

  /** In the page, shown or not (e.g. behind the phone menu). */
  async attached(timeout?: number): Promise<void> {
    await expect.poll(() => this.count(), { message: `${this} is in the page`, timeout }).toBeGreaterThan(0)
  }

  async gone(timeout?: number): Promise<void> {
    await expect.poll(() => this.isVisible(), { message: `${this} is not visible`, timeout }).toBe(false)
  }

  async hasCount(count: number, timeout?: number): Promise<void> {
    await expect.poll(() => this.count(), { message: `${this} count`, timeout }).toBe(count)
  }

  async hasText(text: Name, timeout?: number): Promise<void> {
    const read = async () => (await this.facts())?.text ?? null
    if (typeof text === 'string') await expect.poll(read, { message: `${this} text`, timeout }).toContain(text)
    else await expect.poll(read, { message: `${this} text`, timeout }).toMatch(text)
  }

  async checked(timeout?: number): Promise<void> {
    await expect.poll(async () => (await this.facts())?.checked, { message: `${this} is checked`, timeout }).toBe(true)
  }

  async enabled(timeout?: number): Promise<void> {
    await expect.poll(async () => (await this.facts())?.disabled, { message: `${this} is enabled`, timeout }).toBe(false)
  }

  async disabled(timeout?: number): Promise<void> {
    await expect.poll(async () => (await this.facts())?.disabled, { message: `${this} is disabled`, timeout }).toBe(true)
  }

  /** An attribute of the first match (waiting for one). */
  async attribute(name: string): Promise<string | null> {
    const value = await this.evaluate((element, attribute) => element.getAttribute(String(attribute)), name)
    return typeof value === 'string' ? value : null
  }

  async hasAttribute(name: string, value: Name, timeout?: number): Promise<void> {
    const read = () => this.attribute(name)
    if (typeof value === 'string') await expect.poll(read, { message: `${this} [${name}]`, timeout }).toBe(value)
    else await expect.poll(read, { message: `${this} [${name}]`, timeout }).toMatch(value)
  }
}
