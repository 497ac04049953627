import { describe, expect, it, vi } from 'vitest'
import { createUpdateSource, type WaitingUpdate } from './service-worker-updates'

/** The part of workbox-window's Workbox the update source uses, as an event target. */
class FakeWorkbox extends EventTarget {
  register = vi.fn<() => Promise<undefined>>(async () => undefined)
  messageSkipWaiting = vi.fn<() => void>()
  emit(type: 'waiting' | 'controlling') {
    this.dispatchEvent(new Event(type))
  }
}

function setUp() {
  const wb = new FakeWorkbox()
  const reload = vi.fn<() => void>()
  const createWorkbox = vi.fn<() => Promise<FakeWorkbox>>(async () => wb)
  const source = createUpdateSource({ createWorkbox, reload })
  return { wb, reload, createWorkbox, source }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('createUpdateSource', () => {
  it('registers the worker once, however often the prompt subscribes', async () => {
    const { wb, createWorkbox, source } = setUp()
    source(() => {})()
    source(() => {})
    await settle()
    expect(createWorkbox).toHaveBeenCalledOnce()
    expect(wb.register).toHaveBeenCalledOnce()
  })

  it('activates the waiting worker only on request, and reloads once it controls the page', async () => {
    const { wb, reload, source } = setUp()
    const updates: WaitingUpdate[] = []
    source((update) => updates.push(update))
    await settle()
    wb.emit('waiting')
    expect(updates).toHaveLength(1)
    expect(wb.messageSkipWaiting).not.toHaveBeenCalled()

    updates[0]?.reloadIntoNewVersion()
    expect(wb.messageSkipWaiting).toHaveBeenCalledOnce()
    expect(reload).not.toHaveBeenCalled()
    wb.emit('controlling')
    expect(reload).toHaveBeenCalledOnce()
  })

  it('tells a prompt that subscribes late about a version already waiting', async () => {
    const { wb, source } = setUp()
    source(() => {})
    await settle()
    wb.emit('waiting')
    const late = vi.fn<(update: WaitingUpdate) => void>()
    source(late)
    expect(late).toHaveBeenCalledOnce()
  })

  it('does not reload on the first worker taking control', async () => {
    const { wb, reload, source } = setUp()
    source(() => {})
    await settle()
    wb.emit('controlling')
    expect(reload).not.toHaveBeenCalled()
  })
})
