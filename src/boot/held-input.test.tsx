import { act } from '@testing-library/react'
import { type FormEvent, useState } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { afterEach, describe, expect, it } from 'vitest'
import { holdInput } from './held-input'
import { replayHeldInput } from './replay-input'

// What a visitor does on a painted screen before the app has taken it over is held
// and replayed on the live screen (docs/decisions/0208).

afterEach(() => document.body.replaceChildren())

function page(html: string): HTMLElement {
  const root = document.createElement('div')
  root.id = 'root'
  root.innerHTML = html
  document.body.append(root)
  return root
}

const click = (element: Element) => {
  const event = new MouseEvent('click', { bubbles: true, cancelable: true })
  element.dispatchEvent(event)
  return event.defaultPrevented
}

function type(field: HTMLInputElement, text: string) {
  field.value = text
  field.dispatchEvent(new Event('input', { bubbles: true }))
}

describe('holding', () => {
  it('holds a tap on a control, and lets links, fields and labels be', () => {
    const root = page(
      '<a href="#elsewhere">Link</a><button type="button">Tap</button><label for="f">Name</label><input id="f"><input type="checkbox" aria-label="Agree"><div role="tab">Tab</div><p>Text</p>',
    )
    const held = holdInput(document)
    for (const selector of ['a', 'label', '#f', 'p']) expect(click(root.querySelector(selector) ?? root)).toBe(false)
    for (const selector of ['button', 'input[type=checkbox]', '[role=tab]']) expect(click(root.querySelector(selector) ?? root)).toBe(true)
    expect(held.actions.map((action) => action.kind === 'click' && action.target.tagName)).toEqual(['BUTTON', 'INPUT', 'DIV'])
    held.stop()
  })

  it('holds a form’s submission and keeps the text typed', () => {
    const root = page('<form><input name="email"><button>Send</button></form>')
    const held = holdInput(document)
    const form = root.querySelector('form')
    const field = root.querySelector('input')
    if (!form || !field) throw new Error('no form')
    type(field, 'ada@example.com')
    const submit = new Event('submit', { bubbles: true, cancelable: true })
    form.dispatchEvent(submit)
    expect(submit.defaultPrevented).toBe(true)
    expect(held.actions).toEqual([{ kind: 'submit', form, path: [0] }])
    expect([...held.typed.values()]).toEqual([{ path: [0, 0], value: 'ada@example.com' }])
    held.stop()
  })

  it('lets everything through once stopped, and nothing outside the screen is held', () => {
    const root = page('<button type="button">Tap</button>')
    const outside = document.createElement('button')
    document.body.append(outside)
    const held = holdInput(document)
    expect(click(outside)).toBe(false)
    held.stop()
    expect(click(root.querySelector('button') ?? root)).toBe(false)
    expect(held.actions).toEqual([])
  })
})

function SignIn({ onSent }: { onSent(email: string): void }) {
  const [email, setEmail] = useState('')
  const [open, setOpen] = useState(false)
  const send = (event: FormEvent) => {
    event.preventDefault()
    onSent(email)
  }
  return (
    <form onSubmit={send}>
      <input aria-label="Email" value={email} onChange={(event) => setEmail(event.target.value)} />
      <button type="button" onClick={() => setOpen(true)}>
        {open ? 'Open' : 'Closed'}
      </button>
      <button type="submit">Send</button>
    </form>
  )
}

describe('replaying on the hydrated screen', () => {
  it('gives the app the text typed, then the taps and the submission in their order', async () => {
    const sent: string[] = []
    const root = page(renderToString(<SignIn onSent={(email) => sent.push(email)} />))
    const held = holdInput(document)
    const field = root.querySelector('input')
    if (!field) throw new Error('no field')
    type(field, 'early@example.com')
    const [toggle, send] = root.querySelectorAll('button')
    if (!toggle || !send) throw new Error('no buttons')
    click(toggle)
    click(send)
    await act(async () => {
      hydrateRoot(root, <SignIn onSent={(email) => sent.push(email)} />)
    })
    await act(() => replayHeldInput(held, root))
    expect(field.value).toBe('early@example.com')
    expect(toggle.textContent).toBe('Open')
    expect(sent).toEqual(['early@example.com'])
  })

  it('finds the controls again where the app drew the screen anew', async () => {
    const root = page('<form><input aria-label="Email"><button type="button">Closed</button><button type="submit">Send</button></form>')
    const held = holdInput(document)
    const field = root.querySelector('input')
    if (!field) throw new Error('no field')
    type(field, 'late@example.com')
    click(root.querySelectorAll('button')[0] ?? root)
    const sent: string[] = []
    // The app replaces the nodes (it did not hydrate them).
    root.innerHTML = renderToString(<SignIn onSent={(email) => sent.push(email)} />)
    await act(async () => {
      hydrateRoot(root, <SignIn onSent={(email) => sent.push(email)} />)
    })
    await act(() => replayHeldInput(held, root))
    expect(root.querySelector('input')?.value).toBe('late@example.com')
    expect(root.querySelector('button')?.textContent).toBe('Open')
  })
})
