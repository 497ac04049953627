import type { Engine } from '../../../scripts/e2e-env.ts'
import type { ElementFacts, QueryMode, Step } from './in-page-query.ts'

// What the journeys need of a browser, whichever protocol drives it (WebKitGTK
// over W3C WebDriver, Firefox over WebDriver BiDi; docs/decisions/0240). The
// journeys are written once against this and tests/engines/support/locator.ts.

/** What crosses between the test and the page. */
export type Json = string | number | boolean | null | Json[] | { [key: string]: Json }

/**
 * A function sent to the page as source: it may use only its own body and
 * arguments. What it returns (or resolves to) comes back as plain data, unchecked:
 * callers check it (expect, or a schema).
 */
export type PageFunction<A extends Json[]> = (...args: A) => unknown

/** The call of `fn` with `args`, as an expression the page evaluates (outside its CSP, as a debugger does). */
export function pageCall<A extends Json[]>(fn: PageFunction<A>, args: A): string {
  return `(${fn.toString()})(...${JSON.stringify(args)})`
}

/** An element found in the page. */
export interface ElementRef {
  /** A real pointer click in its middle (scrolled into view first). */
  click(): Promise<void>
  /** Focuses it, selects what it holds and types `text` key by key. */
  type(text: string): Promise<void>
  /** Chooses the option with this value in a `<select>`, as picking it from the list does. */
  selectOption(value: string): Promise<void>
  /** Chooses files in an `<input type=file>` as the file picker would. */
  setFiles(paths: string[]): Promise<void>
  /** Runs `fn` on the element in the page, with one argument. */
  evaluate(fn: (element: Element, arg: Json) => unknown, arg: Json): Promise<unknown>
}

export interface PageDriver {
  engine: Engine
  navigate(url: string): Promise<void>
  reload(): Promise<void>
  url(): Promise<string>
  evaluate<A extends Json[]>(fn: PageFunction<A>, ...args: A): Promise<unknown>
  query(steps: Step[]): Promise<ElementRef | null>
  count(steps: Step[]): Promise<number>
  screenshot(): Promise<Buffer>
  close(): Promise<void>
}

export type { ElementFacts, QueryMode, Step }
