import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { STORAGE_KEYS } from '@/device/names'
import { startPage } from './page-start'
import { SIGNED_IN_CODE_META, WAIT_FOR_APP_ATTRIBUTE } from './prerendered-page'

// The head script of an app page (docs/decisions/0207, 0208): the visitor's screen
// holds what they do until the app takes over; a device that would see something else
// waits blank for the app, someone signed in fetching the device database's code too.

const modulePreloads = () => [...document.head.querySelectorAll<HTMLLinkElement>('link[rel=modulepreload]')].map((link) => new URL(link.href).pathname)

beforeEach(() => {
  document.documentElement.lang = 'en'
  const meta = document.createElement('meta')
  meta.name = SIGNED_IN_CODE_META
  meta.content = '/assets/device-db-1.js /assets/dexie-2.js'
  document.head.append(meta)
})

afterEach(() => {
  window.actorlyHeldInput?.stop()
  window.actorlyHeldInput = undefined
  document.documentElement.removeAttribute(WAIT_FOR_APP_ATTRIBUTE)
  document.head.replaceChildren()
  localStorage.clear()
  history.replaceState(null, '', '/')
})

describe('a visitor', () => {
  it('is shown the screen, which holds what they do', () => {
    history.replaceState(null, '', '/auth')
    expect(startPage(window)).toBe('holds input')
    expect(document.documentElement.hasAttribute(WAIT_FOR_APP_ATTRIBUTE)).toBe(false)
    expect(window.actorlyHeldInput).toBeDefined()
    expect(modulePreloads()).toEqual([])
  })

  it('who chose the page’s language here is shown it too', () => {
    localStorage.setItem(STORAGE_KEYS.locale, 'en')
    expect(startPage(window)).toBe('holds input')
  })

  it('is shown it when storage refuses to be read', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError')
    })
    expect(startPage(window)).toBe('holds input')
  })
})

describe('the page waits blank for the app', () => {
  it('for someone signed in here, and fetches the device database’s code', () => {
    localStorage.setItem(STORAGE_KEYS.sessionHint, 'uid-1')
    expect(startPage(window)).toBe('waits for the app')
    expect(document.documentElement.hasAttribute(WAIT_FOR_APP_ATTRIBUTE)).toBe(true)
    expect(modulePreloads()).toEqual(['/assets/device-db-1.js', '/assets/dexie-2.js'])
    expect(window.actorlyHeldInput).toBeUndefined()
  })

  it('for an address with a query', () => {
    history.replaceState(null, '', '/auth?mode=resetPassword&oobCode=x')
    expect(startPage(window)).toBe('waits for the app')
    expect(modulePreloads()).toEqual([])
  })

  it('for a language chosen here that is not the page’s', () => {
    localStorage.setItem(STORAGE_KEYS.locale, 'de')
    expect(startPage(window)).toBe('waits for the app')
    expect(document.documentElement.hasAttribute(WAIT_FOR_APP_ATTRIBUTE)).toBe(true)
  })
})
