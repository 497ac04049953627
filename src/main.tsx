import { afterFirstPaint } from './boot/after-first-paint'
import { APP_CODE_META, makeLive, waitsForApp } from './boot/prerendered-page'

// The app's entry: every screen but the landing, which starts lighter
// (src/boot/landing.ts) and hands over to this app when the visitor moves on. Each
// screen's page carries the screen as the build rendered it for a visitor (inert
// until the app replaces it) and lists the code it needs; that code is fetched once
// the page has painted, all at once, and the app starts with it. A device that would
// be shown something else (someone signed in here, a query, another language) is
// shown nothing until the app runs, so for it nothing waits for a paint
// (docs/decisions/0207).
const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root')

/** The code the screen needs, as its page lists it, fetched all at once. */
function preloadScreenCode(): void {
  const list = document.querySelector<HTMLMetaElement>(`meta[name="${APP_CODE_META}"]`)?.content ?? ''
  for (const href of list.split(' ').filter(Boolean)) {
    const link = document.createElement('link')
    link.rel = 'modulepreload'
    link.crossOrigin = ''
    link.href = href
    document.head.append(link)
  }
}

function start(container: HTMLElement): void {
  import('./boot/app').then(
    ({ startApp }) => startApp(container),
    // The code did not come (offline on a first visit, a deploy in between): the screen's links still work as links.
    () => makeLive(container),
  )
}

// A page that waits for the app had its code preloaded by its head's script already.
if (root.hasChildNodes() && !waitsForApp()) {
  afterFirstPaint(() => {
    preloadScreenCode()
    start(root)
  })
} else start(root)
