import { describe, expect, it, vi } from 'vitest'
import { createUpdateSource, registrationHasOlderVersion, type WaitingUpdate } from './service-worker-updates'

/** The part of workbox-window's Workbox the update source uses, as an event target. */
class FakeWorkbox extends EventTarget {
  register = vi.fn<() => Promise<undefined>>(async () => undefined)
  messageSkipWaiting = vi.fn<() => void>()
  emit(type: 'waiting' | 'controlling') {
    this.dispatchEvent(new Event(type))
  }
}

function setUp({ olderVersion = true } = {}) {
  const wb = new FakeWorkbox()
  const reload = vi.fn<() => void>()
  const createWorkbox = vi.fn<() => Promise<FakeWorkbox>>(async () => wb)
  const source = createUpdateSource({ createWorkbox, reload, olderVersionRuns: async () => olderVersion })
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
    await settle()
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
    await settle()
    const late = vi.fn<(update: WaitingUpdate) => void>()
    source(late)
    expect(late).toHaveBeenCalledOnce()
  })

  it('offers nothing when the first version is reported waiting on its way to active (no older version runs)', async () => {
    const { wb, source } = setUp({ olderVersion: false })
    const updates: WaitingUpdate[] = []
    source((update) => updates.push(update))
    await settle()
    wb.emit('waiting')
    await settle()
    expect(updates).toEqual([])
  })

  it('does not reload on the first worker taking control', async () => {
    const { wb, reload, source } = setUp()
    source(() => {})
    await settle()
    wb.emit('controlling')
    expect(reload).not.toHaveBeenCalled()
  })
})

const worker = (name: string) => ({ name })
function registrationIs(registration: { active: object | null; waiting: object | null } | undefined) {
  Object.defineProperty(navigator, 'serviceWorker', { value: { getRegistration: async () => registration }, configurable: true })
}

describe('registrationHasOlderVersion', () => {
  it('is true only while an older version is active beside a waiting one', async () => {
    registrationIs({ active: worker('v1'), waiting: worker('v2') })
    expect(await registrationHasOlderVersion()).toBe(true)
    // The first version, installed on its way to active: nothing to update from.
    registrationIs({ active: null, waiting: worker('v1') })
    expect(await registrationHasOlderVersion()).toBe(false)
    registrationIs({ active: worker('v1'), waiting: null })
    expect(await registrationHasOlderVersion()).toBe(false)
    registrationIs(undefined)
    expect(await registrationHasOlderVersion()).toBe(false)
    Reflect.deleteProperty(navigator, 'serviceWorker')
  })
})
