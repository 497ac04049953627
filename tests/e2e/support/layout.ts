import { expect, type Locator, type Page } from '@playwright/test'

// A phone-width layout check: nothing the reader can see lies left or right of
// the viewport, and the page does not scroll sideways. "Seen" means an element's
// box or a line of its text after the boxes of clipping or scrolling ancestors
// cut it: a carousel's off-screen cards, a horizontally scrolling tab list and
// an ellipsis-shortened label are fine; a button pushed past the edge is not.

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

/** Runs in the page: the controls in `scope` (shown, enabled or not) smaller than 44 × 44 px to the touch. */
function findSmallTargets(scope: Element): string[] {
  const small: string[] = []
  for (const control of scope.querySelectorAll('a[href], button, input, select, textarea, [role="link"], [role="button"]')) {
    // A radio or checkbox is pressed through its label, which is the target.
    const target = control instanceof HTMLInputElement && control.labels !== null && control.labels.length > 0 ? control.labels[0] : control
    if (target === undefined || !target.checkVisibility()) continue
    const { width, height } = target.getBoundingClientRect()
    if (width < 43.5 || height < 43.5)
      small.push(
        `<${control.tagName.toLowerCase()}> "${(control.getAttribute('aria-label') ?? control.textContent ?? '').trim().slice(0, 30)}" is ${Math.round(width)} × ${Math.round(height)} px`,
      )
  }
  return small
}

/** Expects every control shown in `scope` to be at least 44 × 44 px to the touch. */
export async function expectTouchTargets(scope: Locator, what: string): Promise<void> {
  expect(await scope.evaluate(findSmallTargets), `${what}: controls under 44 × 44 px`).toEqual([])
}
