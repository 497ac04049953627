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
