// Finding elements the way a person (and Playwright's getByRole/getByLabel/
// getByText) does, by role and accessible name, label or text, on any engine:
// W3C WebDriver and BiDi have no such locators, so this runs in the page. The
// function is sent to the browser as source, so it must not use anything from
// outside its own body (hence its helpers live inside it).
/* oxlint-disable unicorn/consistent-function-scoping */

/** A text to match: a string (whitespace-normalised; a case-insensitive substring unless exact) or a RegExp's parts. */
export type TextMatch = { text: string; exact: boolean } | { source: string; flags: string }

export type Step = (
  | { by: 'role'; role: string; name?: TextMatch; level?: number }
  | { by: 'label'; label: TextMatch }
  | { by: 'text'; text: TextMatch }
  | { by: 'css'; css: string }
) & { hasText?: TextMatch }

export type QueryMode = 'first' | 'count'

/** Runs in the page: the first matching element (or null), or how many match. Each step looks inside the previous step's matches. */
export function queryInPage(steps: Step[], mode: QueryMode): Element | number | null {
  // A soft hyphen only says where a word may break (German labels carry them): no part of the name, as in Playwright's own queries.
  const normalise = (text: string) => text.replaceAll('\u00AD', '').replace(/\s+/g, ' ').trim()
  const matches = (match: TextMatch, value: string): boolean => {
    const text = normalise(value)
    if ('source' in match) return new RegExp(match.source, match.flags).test(text)
    return match.exact ? text === normalise(match.text) : text.toLowerCase().includes(normalise(match.text).toLowerCase())
  }
  const style = (element: Element) => getComputedStyle(element)
  /** Left out of the accessibility tree: aria-hidden, display: none, visibility: hidden, `hidden`. */
  const hiddenFromTree = (element: Element): boolean => {
    for (let node: Element | null = element; node !== null; node = node.parentElement) {
      if (node.getAttribute('aria-hidden') === 'true') return true
      if (style(node).display === 'none') return true
    }
    return style(element).visibility === 'hidden'
  }
  const textOf = (node: Node): string => {
    if (node.nodeType === Node.TEXT_NODE) return node.textContent ?? ''
    if (!(node instanceof Element)) return ''
    if (node instanceof HTMLElement && hiddenFromTree(node)) return ''
    const label = node.getAttribute('aria-label')
    if (label !== null && label.trim() !== '') return ` ${label} `
    if (node instanceof HTMLImageElement) return ` ${node.alt} `
    if (node instanceof HTMLInputElement && ['button', 'submit', 'reset'].includes(node.type)) return ` ${node.value} `
    const block = ['block', 'flex', 'grid', 'list-item', 'table'].includes(style(node).display)
    const inner = Array.from(node.childNodes, textOf).join('')
    return block ? ` ${inner} ` : inner
  }
  const byIds = (ids: string) =>
    ids
      .split(/\s+/)
      .map((id) => document.getElementById(id))
      .filter((element): element is HTMLElement => element !== null)

  const implicitRole = (element: Element): string | null => {
    const tag = element.localName
    const inSection = () => element.parentElement?.closest('article, aside, main, nav, section') !== null
    if (tag === 'a' || tag === 'area') return element.hasAttribute('href') ? 'link' : null
    if (tag === 'button' || tag === 'summary') return 'button'
    if (tag === 'input') {
      const type = (element.getAttribute('type') ?? 'text').toLowerCase()
      if (['button', 'submit', 'reset', 'image'].includes(type)) return 'button'
      if (type === 'checkbox') return 'checkbox'
      if (type === 'radio') return 'radio'
      if (type === 'range') return 'slider'
      if (type === 'search') return 'searchbox'
      if (['text', 'email', 'tel', 'url', ''].includes(type)) return 'textbox'
      return null
    }
    if (tag === 'textarea') return 'textbox'
    if (tag === 'select') return 'combobox'
    if (/^h[1-6]$/.test(tag)) return 'heading'
    if (tag === 'dialog') return 'dialog'
    if (tag === 'header') return inSection() ? null : 'banner'
    if (tag === 'footer') return inSection() ? null : 'contentinfo'
    if (tag === 'main') return 'main'
    if (tag === 'nav') return 'navigation'
    if (tag === 'aside') return 'complementary'
    if (tag === 'section') return element.hasAttribute('aria-label') || element.hasAttribute('aria-labelledby') ? 'region' : null
    if (tag === 'ul' || tag === 'ol') return 'list'
    if (tag === 'li') return 'listitem'
    if (tag === 'progress') return 'progressbar'
    if (tag === 'img') return element.getAttribute('alt') === '' ? 'presentation' : 'img'
    if (tag === 'form') return 'form'
    return null
  }
  const roleOf = (element: Element) => element.getAttribute('role')?.trim().split(/\s+/)[0] || implicitRole(element)
  const nameFromContent = [
    'button',
    'link',
    'heading',
    'tab',
    'radio',
    'checkbox',
    'switch',
    'option',
    'menuitem',
    'menuitemradio',
    'menuitemcheckbox',
    'cell',
    'tooltip',
    'treeitem',
  ]
  const labelsOf = (element: Element): string[] => {
    const texts: string[] = []
    const labelledBy = element.getAttribute('aria-labelledby')
    if (labelledBy !== null) texts.push(byIds(labelledBy).map(textOf).join(' '))
    const label = element.getAttribute('aria-label')
    if (label !== null && label.trim() !== '') texts.push(label)
    if (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement) {
      for (const labelElement of Array.from(element.labels ?? [])) texts.push(textOf(labelElement))
    }
    return texts.map(normalise).filter((text) => text !== '')
  }
  const nameOf = (element: Element): string => {
    const [first] = labelsOf(element)
    if (first !== undefined) return first
    if (element instanceof HTMLImageElement) return element.alt
    if (element instanceof HTMLInputElement && ['button', 'submit', 'reset'].includes(element.type)) return element.value
    const role = roleOf(element)
    if (role !== null && nameFromContent.includes(role)) {
      const content = normalise(textOf(element))
      if (content !== '') return content
    }
    return normalise(element.getAttribute('title') ?? element.getAttribute('placeholder') ?? '')
  }
  const levelOf = (element: Element): number | null => {
    const explicit = element.getAttribute('aria-level')
    if (explicit !== null) return Number(explicit)
    const heading = /^h([1-6])$/.exec(element.localName)
    return heading === null ? null : Number(heading[1])
  }
  const ownText = (element: Element) => normalise(element instanceof HTMLElement ? element.innerText : (element.textContent ?? ''))

  const usable = (element: Element) => element.closest('[inert]') === null && getComputedStyle(element).visibility !== 'hidden'

  const stepMatches = (step: Step, element: Element): boolean => {
    if (step.hasText !== undefined && !matches(step.hasText, ownText(element))) return false
    switch (step.by) {
      case 'css':
        return element.matches(step.css)
      case 'role':
        if (roleOf(element) !== step.role || hiddenFromTree(element)) return false
        if (step.level !== undefined && levelOf(element) !== step.level) return false
        return step.name === undefined || matches(step.name, nameOf(element))
      case 'label':
        // Nobody types into what is inert or hidden (a page waiting for the app hides the screen the build rendered).
        return usable(element) && labelsOf(element).some((text) => matches(step.label, text))
      case 'text': {
        if (['script', 'style', 'template', 'head', 'title'].includes(element.localName)) return false
        if (!usable(element)) return false
        if (!matches(step.text, ownText(element))) return false
        // The innermost element with the text, as a person points at it.
        return !Array.from(element.children).some((child) => matches(step.text, ownText(child)))
      }
    }
  }

  let scopes: Element[] = [document.documentElement]
  for (const step of steps) {
    const found = new Set<Element>()
    for (const scope of scopes) {
      for (const element of Array.from(scope.querySelectorAll('*'))) if (stepMatches(step, element)) found.add(element)
    }
    scopes = Array.from(found)
  }
  if (mode === 'count') return scopes.length
  return scopes[0] ?? null
}

/** Runs in the page: what a test reads of an element. */
export function describeInPage(element: Element) {
  const box = element.getBoundingClientRect()
  const style = getComputedStyle(element)
  const control =
    element instanceof HTMLInputElement ||
    element instanceof HTMLButtonElement ||
    element instanceof HTMLTextAreaElement ||
    element instanceof HTMLSelectElement
      ? element
      : null
  return {
    visible: box.width > 0 && box.height > 0 && style.visibility !== 'hidden',
    disabled: (control?.disabled ?? false) || element.getAttribute('aria-disabled') === 'true',
    checked:
      element instanceof HTMLInputElement && (element.type === 'checkbox' || element.type === 'radio')
        ? element.checked
        : element.getAttribute('aria-checked') === 'true',
    text: (element instanceof HTMLElement ? element.innerText : (element.textContent ?? '')).replaceAll('\u00AD', '').replace(/\s+/g, ' ').trim(),
    value: element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement ? element.value : null,
  }
}

export type ElementFacts = ReturnType<typeof describeInPage>
