// Replays what the visitor did before the app took the screen over (./held-input.ts,
// docs/decisions/0208): first the text typed, so the app's state holds it, then the
// taps and submissions in their order. The app hydrates the screen's HTML, so the
// nodes the visitor used are the live ones; where it drew the screen anew, each is
// found again at the same place.
import { type Field, type HeldInput, isField, type NodePath } from './held-input'

function counterpart<T extends Element>(root: Element, node: T, path: NodePath, isSame: (found: Element) => found is T): T | null {
  if (node.isConnected && root.contains(node)) return node
  let found: Node | undefined = root
  for (const index of path) found = found?.childNodes[index]
  return found instanceof Element && found.tagName === node.tagName && isSame(found) ? found : null
}

/**
 * React keeps a field's state from its change events, and tells a change by comparing
 * the field's value with the one it last saw: that one is set to what React rendered
 * (the element's own `value` property records it), the typed text behind it (the
 * prototype's setter), and the event React listens to follows. The part of the screen
 * holding the field may not be hydrated yet (React hydrates a Suspense boundary after
 * the rest); an event that does not bubble, which nothing handles, has React hydrate
 * it first, as it does for whatever a visitor touches.
 */
function announceValue(field: Field, value: string): void {
  field.dispatchEvent(new Event('input'))
  if (field instanceof HTMLSelectElement) {
    field.value = value
    field.dispatchEvent(new Event('change', { bubbles: true }))
    return
  }
  if (value === field.defaultValue && value === field.value) return
  const prototype = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype
  const focused = field.ownerDocument.activeElement === field
  field.value = field.defaultValue
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, value)
  field.dispatchEvent(new Event('input', { bubbles: true }))
  // The caret stays at the end of the text, where typing left it (fields without a selection, like email, keep theirs).
  if (focused && field.selectionStart !== null) field.setSelectionRange(value.length, value.length)
}

const isElement = (found: Element): found is Element => found instanceof Element
const isForm = (found: Element): found is HTMLFormElement => found instanceof HTMLFormElement

/** The next task: the app has rendered what the last replayed event changed, as it would have between two taps. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0))

export async function replayHeldInput(held: HeldInput, root: Element): Promise<void> {
  held.stop()
  for (const [field, { path, value }] of held.typed) {
    const live = counterpart(root, field, path, isField)
    if (live) announceValue(live, value)
  }
  for (const action of held.actions) {
    await nextTask()
    if (action.kind === 'click') {
      const target = counterpart(root, action.target, action.path, isElement)
      if (target instanceof HTMLElement) target.click()
    } else counterpart(root, action.form, action.path, isForm)?.requestSubmit()
  }
}
