import { STORAGE_KEYS } from '@/device/names'
import { holdInput } from './held-input'
import { SIGNED_IN_CODE_META, WAIT_FOR_APP_ATTRIBUTE } from './prerendered-page'

// What an app page does before it paints (docs/decisions/0207, 0208), as its head's
// one classic script (the build makes it of ./head-script.ts, scripts/vite/prerender/).
// The page's HTML is the screen as a visitor without a query string sees it in the
// page's language. Where this device would be shown something else (someone is signed
// in here: the session hint; the address carries a query; the language chosen here is
// not the page's), the page is marked to wait blank for the app (src/styles/global.css),
// and for someone signed in the device database's code is fetched with the app's.
// Anywhere else the screen is the visitor's: what they do on it is held until the app
// has taken it over.

export type PageStart = 'waits for the app' | 'holds input'

function stored(storage: () => Storage, key: string): string | null {
  try {
    return storage().getItem(key)
  } catch {
    // Storage refused (a privacy mode): nothing is stored here.
    return null
  }
}

function preload(doc: Document, files: readonly string[]): void {
  for (const href of files) {
    const link = doc.createElement('link')
    link.rel = 'modulepreload'
    link.crossOrigin = ''
    link.href = href
    doc.head.append(link)
  }
}

export function startPage(win: Window): PageStart {
  const doc = win.document
  const html = doc.documentElement
  const storage = () => win.localStorage
  const signedIn = stored(storage, STORAGE_KEYS.sessionHint) !== null
  const language = stored(storage, STORAGE_KEYS.locale)
  if (signedIn || win.location.search !== '' || (language !== null && language !== html.lang)) {
    html.setAttribute(WAIT_FOR_APP_ATTRIBUTE, '')
    const code = doc.querySelector<HTMLMetaElement>(`meta[name="${SIGNED_IN_CODE_META}"]`)?.content ?? ''
    if (signedIn) preload(doc, code.split(' ').filter(Boolean))
    return 'waits for the app'
  }
  win.actorlyHeldInput = holdInput(doc)
  return 'holds input'
}
