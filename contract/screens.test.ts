import { describe, expect, it } from 'vitest'
import { APP_SCREENS, pageFile, screenAt } from './screens'

describe('pageFile', () => {
  it('names the page of a screen in a language, the landing being index', () => {
    expect(pageFile('/', 'de')).toBe('pages/de/index.html')
    expect(pageFile('/gallery', 'en')).toBe('pages/en/gallery.html')
    expect(pageFile('/consistent-actor', 'de')).toBe('pages/de/consistent-actor.html')
  })
})

describe('screenAt', () => {
  it('finds the screen of a path, with or without a trailing slash', () => {
    expect(screenAt('/')).toBe('/')
    expect(screenAt('')).toBe('/')
    expect(screenAt('/ugc-actor/')).toBe('/ugc-actor')
    expect(screenAt('/terms')).toBe('/terms')
  })

  it('finds none for a path that is not a screen', () => {
    for (const path of ['/a/b', '/../sw.js', '/Gallery', '/x.html', '/gallery/1', '/unknown', '/api']) expect(screenAt(path)).toBeNull()
  })
})

it('lists every screen but the landing as an app screen', () => {
  expect(APP_SCREENS).not.toContain('/')
  expect(APP_SCREENS).toHaveLength(14)
})
