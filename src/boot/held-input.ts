// What a visitor does on a painted screen before the app has taken it over
// (docs/decisions/0208). Links work as links and fields take text as they always do;
// a tap on anything else (a button, a tab, a checkbox) and a form's submission would
// do nothing yet, so they are held here, with the text typed, and the app replays
// them once the screen is live (./replay-input.ts). Runs in the page's head script
// (./page-start.ts), before the screen is parsed: keep it small.

/** A field whose text the visitor can change. */
export type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement

/** Where a node sits under #root, as child indices, to find its counterpart if the app drew the screen anew. */
export type NodePath = readonly number[]

export type HeldAction = { kind: 'click'; target: Element; path: NodePath } | { kind: 'submit'; form: HTMLFormElement; path: NodePath }

export interface HeldInput {
  /** Taps and submissions, in the order they were made. */
  readonly actions: readonly HeldAction[]
  /** The fields typed into, with their text. */
  readonly typed: ReadonlyMap<Field, { path: NodePath; value: string }>
  /** Stops holding: every event goes where it would. */
  stop(): void
}

const LINK = 'a[href]'
const CONTROL = 'button,input,select,textarea,summary,label,[role=button],[role=tab],[role=checkbox],[role=switch],[role=radio],[role=menuitem],[role=option]'
/** Inputs that take a click rather than text. */
const CLICKED_INPUT = /^(button|submit|reset|checkbox|radio|image|file|color|range)$/

export const isField = (node: unknown): node is Field =>
  node instanceof HTMLTextAreaElement || node instanceof HTMLSelectElement || (node instanceof HTMLInputElement && !CLICKED_INPUT.test(node.type))

/** The control a click would activate, when the screen cannot act on it yet: not a link, a field or a field's label. */
function heldControl(target: EventTarget | null): Element | null {
  const control = target instanceof Element ? target.closest(`${LINK},${CONTROL}`) : null
  if (!control || control.matches(LINK) || control instanceof HTMLLabelElement || isField(control)) return null
  return control
}

export function pathUnder(root: Element, node: Node): NodePath {
  const path: number[] = []
  for (let at: Node | null = node; at && at !== root; at = at.parentNode) {
    path.unshift(Array.prototype.indexOf.call(at.parentNode?.childNodes ?? [], at))
  }
  return path
}

/** Starts holding what the visitor does inside #root. */
export function holdInput(doc: Document): HeldInput {
  const actions: HeldAction[] = []
  const typed = new Map<Field, { path: NodePath; value: string }>()
  const inRoot = (node: EventTarget | null): Element | null => {
    const root = doc.getElementById('root')
    return root && node instanceof Node && root.contains(node) ? root : null
  }
  const hold = (event: Event, action: HeldAction) => {
    event.preventDefault()
    event.stopImmediatePropagation()
    actions.push(action)
  }
  const onClick = (event: Event) => {
    const control = heldControl(event.target)
    const root = inRoot(control)
    if (control && root) hold(event, { kind: 'click', target: control, path: pathUnder(root, control) })
  }
  const onSubmit = (event: Event) => {
    const root = inRoot(event.target)
    if (root && event.target instanceof HTMLFormElement) hold(event, { kind: 'submit', form: event.target, path: pathUnder(root, event.target) })
  }
  const onInput = (event: Event) => {
    const root = inRoot(event.target)
    if (root && isField(event.target)) typed.set(event.target, { path: pathUnder(root, event.target), value: event.target.value })
  }
  const listeners = [
    ['click', onClick],
    ['submit', onSubmit],
    ['input', onInput],
    ['change', onInput],
  ] as const
  for (const [type, listener] of listeners) doc.addEventListener(type, listener, true)
  return {
    actions,
    typed,
    stop: () => {
      for (const [type, listener] of listeners) doc.removeEventListener(type, listener, true)
    },
  }
}
