import { AxeBuilder } from '@axe-core/playwright'
import { expect, type Locator, type Page } from '@playwright/test'

// One module for how a screen meets a person on a phone or a computer (docs/quality.md):
// - it fits its width: nothing the reader can see lies left or right of the viewport and
//   the page does not scroll sideways ("seen" means after clipping or scrolling ancestors
//   cut a box: a carousel's off-screen cards or an ellipsis-shortened label are fine, a
//   button pushed past the edge is not); a bar keeps its items on one row;
// - every tap target is at least 44 × 44 px;
// - text contrast passes axe;
// - German words break only where a hyphen shows;
// - a part of the screen is in view (not under the fixed top bar or the composer's
//   action bar) without the test scrolling.

/** Runs in the page: every helper it uses is inside it. */
function findOutside(root: Element): string[] {
  const width = document.documentElement.clientWidth
  const found: string[] = []
  /** `clipper` is the first element whose overflow may cut the box: the parent for an element, the element itself for its text. */
  const check = (clipper: Element | null, box: DOMRect, what: string): void => {
    if (box.width === 0 || box.height === 0) return
    let left = box.left
    let right = box.right
    for (let parent = clipper; parent !== null; parent = parent.parentElement) {
      const style = getComputedStyle(parent)
      if (style.overflowX === 'visible' && !style.contain.includes('paint')) continue
      const clip = parent.getBoundingClientRect()
      left = Math.max(left, clip.left)
      right = Math.min(right, clip.right)
    }
    if (right - left <= 0.5) return
    if (left < -0.5 || right > width + 0.5) found.push(`${what} spans ${Math.round(left)}–${Math.round(right)} of ${width} px`)
  }
  for (const element of [root, ...root.querySelectorAll('*')]) {
    if (!element.checkVisibility({ visibilityProperty: true })) continue
    // Visually hidden text (1 px, clipped) is for screen readers only.
    if (getComputedStyle(element).clip === 'rect(0px, 0px, 0px, 0px)') continue
    const name = element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 40) ?? ''
    const classes = typeof element.className === 'string' && element.className !== '' ? `.${element.className.trim().split(/\s+/).join('.')}` : ''
    const described = `<${element.tagName.toLowerCase()}${classes}> "${name}"`
    check(element.parentElement, element.getBoundingClientRect(), described)
    for (const node of element.childNodes) {
      if (node.nodeType !== Node.TEXT_NODE || (node.textContent ?? '').trim() === '') continue
      const range = document.createRange()
      range.selectNodeContents(node)
      for (const line of range.getClientRects()) check(element, line, `text "${(node.textContent ?? '').trim().slice(0, 40)}" in ${described}`)
    }
  }
  return found
}

/** What sticks out of the viewport sideways, one line each; empty when everything fits. */
export function outsideViewport(scope: Locator): Promise<string[]> {
  return scope.evaluate(findOutside)
}

/** How far the page scrolls sideways (0: not at all). */
export function sidewaysScroll(page: Page): Promise<number> {
  return page.evaluate(() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth) - document.documentElement.clientWidth)
}

/** Expects the page to fit its width: no sideways scroll, nothing seen outside the viewport. */
export async function expectToFitWidth(page: Page, what: string): Promise<void> {
  expect(await outsideViewport(page.locator('body')), `${what}: outside the viewport`).toEqual([])
  expect(await sidewaysScroll(page), `${what}: sideways scroll`).toBe(0)
}

/** Runs in the page: what keeps a bar from being one row with nothing cut (its open menus aside). */
function findRowProblems(bar: Element): string[] {
  const problems: string[] = []
  const box = bar.getBoundingClientRect()
  const row = bar.firstElementChild
  if (row === null) return ['the bar is empty']
  const items = [...row.children].filter((child) => {
    const style = getComputedStyle(child)
    return child.checkVisibility() && style.position !== 'absolute' && style.position !== 'fixed'
  })
  const middles = items.map((item) => {
    const rect = item.getBoundingClientRect()
    return (rect.top + rect.bottom) / 2
  })
  /** How a problem names an element: its tag and name or text. */
  const described = new Map<Element, string>()
  for (const element of row.querySelectorAll('*')) {
    described.set(element, `<${element.tagName.toLowerCase()}> "${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40)}"`)
  }
  for (const [index, item] of items.entries()) {
    const rect = item.getBoundingClientRect()
    const what = described.get(item)
    if (rect.top < box.top - 0.5 || rect.bottom > box.bottom + 0.5) problems.push(`${what} leaves the bar (${Math.round(rect.top)}–${Math.round(rect.bottom)})`)
    if (Math.abs((middles[index] ?? 0) - (middles[0] ?? 0)) > 2) problems.push(`${what} is not on the bar's row`)
  }
  for (const element of row.querySelectorAll('*')) {
    if (!element.checkVisibility() || element.closest('[data-open]') !== null) continue
    // Visually hidden text (1 px, clipped) is for screen readers only.
    if (getComputedStyle(element).clip === 'rect(0px, 0px, 0px, 0px)') continue
    const cut = element.scrollWidth > element.clientWidth + 1 && getComputedStyle(element).overflowX !== 'visible'
    if (cut) problems.push(`${described.get(element)} is cut (${element.scrollWidth} px in ${element.clientWidth} px)`)
  }
  // A text that wraps inside the bar makes a second line.
  const texts = document.createTreeWalker(row, NodeFilter.SHOW_TEXT)
  for (let node = texts.nextNode(); node !== null; node = texts.nextNode()) {
    const parent = node.parentElement
    if (parent === null || (node.textContent ?? '').trim() === '' || !parent.checkVisibility() || parent.closest('[data-open]') !== null) continue
    if (getComputedStyle(parent).clip === 'rect(0px, 0px, 0px, 0px)') continue
    const range = document.createRange()
    range.selectNodeContents(node)
    const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)))
    if (lines.size > 1) problems.push(`"${(node.textContent ?? '').trim().slice(0, 40)}" wraps onto ${lines.size} lines`)
  }
  return problems
}

/** Expects the bar to hold its items on one row, none cut, nothing outside the viewport and no sideways scroll. */
export async function expectOneRow(bar: Locator, what: string): Promise<void> {
  expect(await bar.evaluate(findRowProblems), `${what}: the bar's row`).toEqual([])
  expect(await outsideViewport(bar), `${what}: outside the viewport`).toEqual([])
  expect(await sidewaysScroll(bar.page()), `${what}: sideways scroll`).toBe(0)
}

/** Runs in the page: tap targets in `scope` (shown, enabled or not) smaller than 44 px in either dimension, one line each. */
function findSmallTargets(scope: Element): string[] {
  const targets =
    'button, a[href], input:not([type="hidden"]), select, textarea, summary, video[controls], audio[controls], [role="button"], [role="switch"], [role="tab"], [role="link"]'
  const small: string[] = []
  for (const control of scope.querySelectorAll(targets)) {
    // A radio's or checkbox's label is what a person presses.
    const pressedThroughLabel = control instanceof HTMLInputElement && ['checkbox', 'radio'].includes(control.type) && control.labels !== null
    const target = pressedThroughLabel && control.labels.length > 0 ? control.labels[0] : control
    if (target === undefined || !target.checkVisibility({ visibilityProperty: true })) continue
    const style = getComputedStyle(target)
    // Not a target: inert copies (a form control behind a custom one) and visually hidden text.
    if (style.pointerEvents === 'none' || target.closest('[aria-hidden="true"]') !== null || style.clip === 'rect(0px, 0px, 0px, 0px)') continue
    // A link inside a sentence takes the sentence's line height (WCAG 2.5.5's inline exception).
    let block = target.parentElement
    while (block !== null && ['inline', 'contents'].includes(getComputedStyle(block).display)) block = block.parentElement
    const inSentence = style.display === 'inline' && (block?.textContent ?? '').trim().length > (target.textContent ?? '').trim().length
    if (inSentence) continue
    const box = target.getBoundingClientRect()
    if (box.width < 43.5 || box.height < 43.5) {
      const name = (control.getAttribute('aria-label') ?? control.textContent ?? '').trim().slice(0, 40)
      small.push(
        `<${control.tagName.toLowerCase()} class="${String(control.getAttribute('class') ?? '')}"> "${name}" is ${Math.round(box.width)} × ${Math.round(box.height)} px`,
      )
    }
  }
  return small
}

/** Expects every control shown in `scope` to be at least 44 × 44 px to the touch. */
export async function expectTouchTargets(scope: Locator, what: string): Promise<void> {
  expect(await scope.evaluate(findSmallTargets), `${what}: controls under 44 × 44 px`).toEqual([])
}

/** axe's contrast rule alone, every impact: text contrast at least 4.5:1 (3:1 for large text). */
export async function expectContrast(page: Page, what: string): Promise<void> {
  const results = await new AxeBuilder({ page }).withRules(['color-contrast']).analyze()
  const found = results.violations.flatMap((violation) => violation.nodes.map((node) => `${node.target.join(' ')}: ${node.failureSummary ?? ''}`))
  expect(found, `${what}: contrast`).toEqual([])
}

/**
 * Runs in the page: places where a line breaks between two letters of one word with no
 * hyphen before the break. A soft hyphen (U+00AD) at the break shows as a hyphen; a real
 * one is a hyphen. Found by comparing the line box of each letter with the one before.
 */
function findBreaksWithoutHyphen(root: Element): string[] {
  const found: string[] = []
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT)
  const range = document.createRange()
  for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
    const text = node.textContent ?? ''
    const parent = node.parentElement
    if (text.trim() === '' || parent === null || !parent.checkVisibility()) continue
    if (getComputedStyle(parent).clip === 'rect(0px, 0px, 0px, 0px)') continue
    // Addresses and code samples are no words: they break where they must.
    if (parent.closest('code, pre') !== null) continue
    let lastTop: number | null = null
    for (let index = 0; index < text.length; index += 1) {
      range.setStart(node, index)
      range.setEnd(node, index + 1)
      // A letter that starts a wrapped line may also report an empty box at the end of the line before.
      const box = [...range.getClientRects()].findLast((rect) => rect.width > 0)
      if (box === undefined) continue
      const before = text[index - 1] ?? ''
      if (lastTop !== null && box.top > lastTop + 1 && /\p{L}/u.test(text[index] ?? '') && /[\p{L}\u00AD]/u.test(before) && before !== '\u00AD') {
        found.push(
          `"${text.slice(Math.max(0, index - 12), index)}|${text.slice(index, index + 12)}" in <${parent.tagName.toLowerCase()} class="${parent.className}">`,
        )
      }
      lastTop = box.top
    }
  }
  return found
}

export async function expectHyphenatedBreaks(scope: Locator, what: string): Promise<void> {
  expect(await scope.evaluate(findBreaksWithoutHyphen), `${what}: words broken without a hyphen`).toEqual([])
}

/** Runs in the page: how `element` lies against the viewport, the fixed top bar and the composer's action bar. */
function placement(element: Element): { top: number; bottom: number; viewTop: number; viewBottom: number } {
  const box = element.getBoundingClientRect()
  const topBar = document.querySelector('header')?.getBoundingClientRect()
  // A fixed action bar (a phone's) covers what lies under it; on a computer it sits in the form column, beside the canvas.
  const covering = [...document.querySelectorAll('.action-bar')]
    .filter((bar) => getComputedStyle(bar).position === 'fixed')
    .map((bar) => bar.getBoundingClientRect())
    .filter((bar) => bar.height > 0 && bar.left < box.right && bar.right > box.left)
  return {
    top: box.top,
    bottom: box.bottom,
    viewTop: topBar?.bottom ?? 0,
    viewBottom: Math.min(innerHeight, ...covering.map((bar) => bar.top)),
  }
}

/** `target` is wholly on screen, clear of the top bar and the action bar, once the page has settled (the app may scroll it there). */
export async function expectInView(target: Locator, what: string): Promise<void> {
  await expect
    .poll(
      async () => {
        const at = await target.evaluate(placement)
        return at.top >= at.viewTop - 0.5 && at.bottom <= at.viewBottom + 0.5
          ? 'in view'
          : `${Math.round(at.top)}–${Math.round(at.bottom)} outside ${Math.round(at.viewTop)}–${Math.round(at.viewBottom)}`
      },
      { message: `${what} in view`, timeout: 10_000 },
    )
    .toBe('in view')
}

/** Runs in the page: tab lists, steppers and segmented switches whose items do not sit on one row, or that scroll sideways. */
function findWrappedRows(root: Element): string[] {
  const found: string[] = []
  // A filter's chips may scroll sideways (a carousel); tabs, steps and two-way switches may not.
  const rows = root.querySelectorAll('[role="tablist"], ol:has(> li > [aria-current="step"]), fieldset:has(> [aria-pressed])')
  for (const row of rows) {
    if (!row.checkVisibility()) continue
    // A set of toggles built to scroll sideways (a filter's chips) is a carousel, not a switch.
    if (row.tagName === 'FIELDSET' && ['auto', 'scroll'].includes(getComputedStyle(row).overflowX)) continue
    const items = [...row.children].filter((child) => child.checkVisibility() && getComputedStyle(child).position !== 'absolute' && child.tagName !== 'LEGEND')
    const boxes = items.map((item) => item.getBoundingClientRect())
    const name = row.getAttribute('aria-label') ?? row.textContent?.trim().slice(0, 40) ?? ''
    // One row: every item lies beside the first, its height overlapping the first's.
    const first = boxes[0]
    if (first !== undefined && boxes.some((box) => box.top >= first.bottom - 1 || box.bottom <= first.top + 1)) found.push(`"${name}" takes more than one row`)
    if (row.scrollWidth > row.clientWidth + 1) found.push(`"${name}" scrolls sideways (${row.scrollWidth} px in ${row.clientWidth} px)`)
  }
  return found
}

/** Expects every tab list, stepper and segmented switch in `scope` on one row, whole, without sideways scrolling. */
export async function expectTabsOnOneRow(scope: Locator, what: string): Promise<void> {
  expect(await scope.evaluate(findWrappedRows), `${what}: tabs and steps on one row`).toEqual([])
}
