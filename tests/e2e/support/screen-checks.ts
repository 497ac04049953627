import { AxeBuilder } from '@axe-core/playwright'
import { expect, type Locator, type Page } from '@playwright/test'

// Checks of a screen as a person meets it on a phone or a computer: every tap target
// is at least 44 × 44 px, text contrast passes axe, German words break only where a
// hyphen shows, and a part of the screen is in view (not under the fixed top bar or
// the composer's action bar) without the test scrolling.

/** Runs in the page: tap targets smaller than 44 px in either dimension, one line each. */
function findSmallTargets(root: Element): string[] {
  const targets =
    'button, a[href], input:not([type="hidden"]), select, textarea, summary, video[controls], audio[controls], [role="button"], [role="switch"], [role="tab"], [role="link"]'
  const small: string[] = []
  for (const element of root.querySelectorAll(targets)) {
    if (!element.checkVisibility({ visibilityProperty: true })) continue
    const style = getComputedStyle(element)
    // Not a target: inert copies (a form control behind a custom one) and visually hidden text.
    if (style.pointerEvents === 'none' || element.closest('[aria-hidden="true"]') !== null || style.clip === 'rect(0px, 0px, 0px, 0px)') continue
    const box = element.getBoundingClientRect()
    if (box.width < 43.5 || box.height < 43.5) {
      const name = element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 40) ?? ''
      small.push(`<${element.tagName.toLowerCase()} class="${element.className}"> "${name}" is ${Math.round(box.width)} × ${Math.round(box.height)} px`)
    }
  }
  return small
}

export async function expectTapTargetsOf44(scope: Locator, what: string): Promise<void> {
  expect(await scope.evaluate(findSmallTargets), `${what}: tap targets under 44 × 44 px`).toEqual([])
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
